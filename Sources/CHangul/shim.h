#include <hangul.h>
