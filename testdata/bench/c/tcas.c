/* tcas: the collision-avoidance unit of the Siemens suite (Hutchins,
 * Foster, Goradia, Ostrand, "Experiments on the effectiveness of dataflow-
 * and controlflow-based test adequacy criteria", ICSE 1994), as distributed
 * by the Software-artifact Infrastructure Repository (SIR, Do, Elbaum,
 * Rothermel 2005). Written here after the well-known structure of its
 * source: the inputs are the globals below, alt_sep_test decides the
 * resolution advisory with the helpers ALIM, Inhibit_Biased_Climb,
 * Non_Crossing_Biased_Climb/Descend, Own_Below/Above_Threat.
 *
 * Adaptations: prototypes added (C11 has no implicit declarations); main,
 * which reads the twelve inputs from argv with atoi and prints the result,
 * is left out: the harnesses set the globals. */

#define OLEV 600       /* in feets/minute */
#define MAXALTDIFF 600 /* max altitude difference in feet */
#define MINSEP 300     /* min separation in feet */
#define NOZCROSS 100   /* in feet */

typedef int bool;

int Cur_Vertical_Sep;
bool High_Confidence;
bool Two_of_Three_Reports_Valid;

int Own_Tracked_Alt;
int Own_Tracked_Alt_Rate;
int Other_Tracked_Alt;

int Alt_Layer_Value; /* 0, 1, 2, 3 */
int Positive_RA_Alt_Thresh[4];

int Up_Separation;
int Down_Separation;

/* state variables */
int Other_RAC; /* NO_INTENT, DO_NOT_CLIMB, DO_NOT_DESCEND */
#define NO_INTENT 0
#define DO_NOT_CLIMB 1
#define DO_NOT_DESCEND 2

int Other_Capability; /* TCAS_TA, OTHER */
#define TCAS_TA 1
#define OTHER 2

bool Climb_Inhibit; /* true/false */

#define UNRESOLVED 0
#define UPWARD_RA 1
#define DOWNWARD_RA 2

bool Own_Below_Threat(void);
bool Own_Above_Threat(void);

void initialize(void)
{
	Positive_RA_Alt_Thresh[0] = 400;
	Positive_RA_Alt_Thresh[1] = 500;
	Positive_RA_Alt_Thresh[2] = 640;
	Positive_RA_Alt_Thresh[3] = 740;
}

int ALIM(void)
{
	return Positive_RA_Alt_Thresh[Alt_Layer_Value];
}

int Inhibit_Biased_Climb(void)
{
	return (Climb_Inhibit ? Up_Separation + NOZCROSS : Up_Separation);
}

bool Non_Crossing_Biased_Climb(void)
{
	int upward_preferred;
	bool result;

	upward_preferred = Inhibit_Biased_Climb() > Down_Separation;
	if (upward_preferred) {
		result = !(Own_Below_Threat()) || ((Own_Below_Threat()) && (!(Down_Separation >= ALIM())));
	} else {
		result = Own_Above_Threat() && (Cur_Vertical_Sep >= MINSEP) && (Up_Separation >= ALIM());
	}
	return result;
}

bool Non_Crossing_Biased_Descend(void)
{
	int upward_preferred;
	bool result;

	upward_preferred = Inhibit_Biased_Climb() > Down_Separation;
	if (upward_preferred) {
		result = Own_Below_Threat() && (Cur_Vertical_Sep >= MINSEP) && (Down_Separation >= ALIM());
	} else {
		result = !(Own_Above_Threat()) || ((Own_Above_Threat()) && (Up_Separation >= ALIM()));
	}
	return result;
}

bool Own_Below_Threat(void)
{
	return (Own_Tracked_Alt < Other_Tracked_Alt);
}

bool Own_Above_Threat(void)
{
	return (Other_Tracked_Alt < Own_Tracked_Alt);
}

int alt_sep_test(void)
{
	bool enabled, tcas_equipped, intent_not_known;
	bool need_upward_RA, need_downward_RA;
	int alt_sep;

	enabled = High_Confidence && (Own_Tracked_Alt_Rate <= OLEV) && (Cur_Vertical_Sep > MAXALTDIFF);
	tcas_equipped = Other_Capability == TCAS_TA;
	intent_not_known = Two_of_Three_Reports_Valid && Other_RAC == NO_INTENT;

	alt_sep = UNRESOLVED;

	if (enabled && ((tcas_equipped && intent_not_known) || !tcas_equipped)) {
		need_upward_RA = Non_Crossing_Biased_Climb() && Own_Below_Threat();
		need_downward_RA = Non_Crossing_Biased_Descend() && Own_Above_Threat();
		if (need_upward_RA && need_downward_RA)
			/* unreachable: requires Own_Below_Threat and Own_Above_Threat
			   to both be true - that requires Own_Tracked_Alt < Other_Tracked_Alt
			   and Other_Tracked_Alt < Own_Tracked_Alt, which isn't possible */
			alt_sep = UNRESOLVED;
		else if (need_upward_RA)
			alt_sep = UPWARD_RA;
		else if (need_downward_RA)
			alt_sep = DOWNWARD_RA;
		else
			alt_sep = UNRESOLVED;
	}

	return alt_sep;
}
