/* A legacy unit that takes its inputs from globals, as much old C code
 * does: a thermostat controller reading the mode and the sensor values
 * set by other modules, and a call counter of its own. */

int mode;               /* 0 off, 1 heat, 2 cool: set by the user interface */
int temperature;        /* tenths of a degree: set by the sensor driver */
int setpoint = 200;
static int calls;       /* written before read: not an input */
const int hysteresis = 5;

/* control returns the actuator command: -1 cool, 0 idle, 1 heat. */
int control(void)
{
	calls = 1;
	switch (mode) {
	case 1:
		if (temperature < setpoint - hysteresis)
			return 1;
		break;
	case 2:
		if (temperature > setpoint + hysteresis)
			return -1;
		break;
	default:
		break;
	}
	return 0;
}
