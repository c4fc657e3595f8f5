/* A struct passed by pointer: a bank account updated in place, with a
 * nested struct and a pointer to another account (an overdraft backer). */
#include <stddef.h>

struct limits {
	long daily;
	long overdraft;
};

struct account {
	long balance;
	int frozen;
	struct limits lim;
	struct account *backer;
};

/* withdraw takes amount from acc, drawing the shortfall from the backer
 * account when there is one; it returns 0 on success, a negative error
 * code otherwise, and changes the accounts only on success. */
int withdraw(struct account *acc, long amount)
{
	if (acc == NULL || amount <= 0)
		return -1;
	if (acc->frozen)
		return -2;
	if (amount > acc->lim.daily)
		return -3;
	if (acc->balance - amount >= -acc->lim.overdraft) {
		acc->balance -= amount;
		return 0;
	}
	if (acc->backer != NULL && acc->backer != acc && !acc->backer->frozen &&
	    acc->backer->balance >= amount - acc->balance) {
		acc->backer->balance -= amount - acc->balance;
		acc->balance = 0;
		return 0;
	}
	return -4;
}
