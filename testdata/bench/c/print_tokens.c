/* The token classifiers of print_tokens2, a program of the Siemens suite
 * (Hutchins et al., ICSE 1994; distributed by SIR): token_type decides the
 * class of a token string with is_keyword, is_spec_symbol, is_identifier,
 * is_num_constant, is_str_constant, is_char_constant, is_comment and
 * is_eof_token, written here after the well-known structure of the source.
 *
 * Adaptations: ANSI prototypes instead of K&R definitions; <ctype.h>'s
 * isalpha/isdigit are the ASCII tests below and strcmp is str_equal (pbcc
 * does not follow calls into the C library); is_eof_token compares with
 * EOF's value, -1. */

#define TRUE 1
#define FALSE 0

#define error 0
#define keyword 1
#define spec_symbol 2
#define identifier 3
#define num_constant 41
#define str_constant 42
#define char_constant 43
#define comment 5
#define end 6

#define IS_ALPHA(c) (((c) >= 'a' && (c) <= 'z') || ((c) >= 'A' && (c) <= 'Z'))
#define IS_DIGIT(c) ((c) >= '0' && (c) <= '9')

static int str_equal(const char *s, const char *t)
{
	while (*s != '\0' && *s == *t) {
		s++;
		t++;
	}
	return *s == *t;
}

static int is_keyword(const char *str)
{
	if (str_equal(str, "and") || str_equal(str, "or") || str_equal(str, "if") ||
	    str_equal(str, "xor") || str_equal(str, "lambda") || str_equal(str, "=>"))
		return (TRUE);
	else
		return (FALSE);
}

static int is_spec_symbol(char c)
{
	if (c == '(')
		return (TRUE);
	if (c == ')')
		return (TRUE);
	if (c == '[')
		return (TRUE);
	if (c == ']')
		return (TRUE);
	if (c == '/')
		return (TRUE);
	if (c == '`')
		return (TRUE);
	if (c == ',')
		return (TRUE);
	return (FALSE);
}

static int is_identifier(const char *str)
{
	int i = 1;

	if (IS_ALPHA(*str)) {
		while (*(str + i) != '\0') {
			if (IS_ALPHA(*(str + i)) || IS_DIGIT(*(str + i))) {
				i++;
			} else
				return (FALSE);
		}
		return (TRUE);
	} else
		return (FALSE);
}

static int is_num_constant(const char *str)
{
	int i = 1;

	if (IS_DIGIT(*str)) {
		while (*(str + i) != '\0') { /* until meet token end sign */
			if (IS_DIGIT(*(str + i)))
				i++;
			else
				return (FALSE);
		}
		return (TRUE);
	} else
		return (FALSE); /* other return FALSE */
}

static int is_str_constant(const char *str)
{
	int i = 1;

	if (*str == '"') {
		while (*(str + i) != '\0') { /* until meet the token end sign */
			if (*(str + i) == '"')
				return (TRUE); /* meet the second '"' */
			else
				i++;
		}
		return (FALSE);
	} else
		return (FALSE); /* other return FALSE */
}

static int is_char_constant(const char *str)
{
	if (*str == '#' && IS_ALPHA(*(str + 1)))
		return (TRUE);
	else
		return (FALSE);
}

static int is_comment(const char *ident)
{
	if ((*ident) == 59) /* the char is ';' */
		return (TRUE);
	else
		return (FALSE);
}

static int is_eof_token(const char *tok)
{
	if (*tok == -1) /* was: EOF */
		return (TRUE);
	else
		return (FALSE);
}

int token_type(const char *tok)
{
	if (is_keyword(tok))
		return (keyword);
	if (is_spec_symbol(*tok))
		return (spec_symbol);
	if (is_identifier(tok))
		return (identifier);
	if (is_num_constant(tok))
		return (num_constant);
	if (is_str_constant(tok))
		return (str_constant);
	if (is_char_constant(tok))
		return (char_constant);
	if (is_comment(tok))
		return (comment);
	if (is_eof_token(tok))
		return (end);
	return (error); /* else look as error token */
}
