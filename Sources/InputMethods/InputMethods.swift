// The input-method engines: m17n-lib, Anthy and libhangul behind `InputMethodEngines.engine(named:)`.
//
// Built only with the `Engines` package trait (on by default). Recipes, traces and the engine protocol
// live in Keystrokes, which needs no C library; they are re-exported so `import InputMethods` is enough
// for code that types recipes into engines.
@_exported import Keystrokes
