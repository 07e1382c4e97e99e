// Module TextFormats: how qapass writes text, in one tested place, with no dependencies.
//
// - `JSONValue`: a JSON value with ordered object members and one deterministic writer.
// - `Escaping`: XML 1.0 (forbidden C0 controls dropped), SVG and Markdown escaping.
// - `TextTable`: aligned text columns; the caller supplies the cell width (terminal columns).
//
// ScenarioEngine (plans, run reports) and Reporting (acceptance reports, checklists) both write
// through it, so a format is escaped the same way wherever it is produced.
