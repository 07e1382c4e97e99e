#include <anthy/anthy.h>
