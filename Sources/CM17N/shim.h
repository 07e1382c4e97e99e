#include <m17n.h>

/* m17n exports these as mutable C globals, which Swift 6 refuses to read directly (shared mutable
   state). They are set once by m17n_init() and only read afterwards; qapass reads them through these
   accessors, and only on its serial m17n executor. */
static inline MSymbol qapass_m17n_nil(void) { return Mnil; }
static inline MSymbol qapass_m17n_text(void) { return Mtext; }
static inline MSymbol qapass_m17n_plist(void) { return Mplist; }
static inline MSymbol qapass_m17n_coding_utf_8(void) { return Mcoding_utf_8; }
static inline int qapass_m17n_error_code(void) { return merror_code; }
