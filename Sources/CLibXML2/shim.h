#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, and encoding.h then includes the system's <unicode/ucnv.h>, whose
// enums clash with the ICU copy Foundation brings (_FoundationICU). qapass uses none of the ICU fields
// (only an xmlCharEncodingHandler, which qapass never touches, holds them), so the headers are read
// without them; the library itself is unchanged.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
