import Diagnostics
import Keystrokes
import MatrixFormat
import Oracle
import TextFormats

/// What `lint` checks of the verdicts before anything is exported: every text an automated item
/// types, pastes or leaves after a delete has one, and the team's samples agree with the built-in
/// rules' definitions.
///
/// It exports each composition item as ``PackExport`` does, so lint and export can never disagree
/// about which texts need a verdict. A text without one (a regex field's text its `samples:` do not
/// list, a code point this build's Unicode data does not know) is an error at the place the text
/// comes from: the field's entry for the input method that types it. Each text is named by where it
/// comes from and quoted, as lint quotes an `expect` the engine does not commit ("what one delete
/// leaves of its 'expect', 'たかは'"): they are the matrix's own test texts, so the team can list
/// them under `samples:` as written.
///
/// A sample whose verdict differs from what the field's built-in rules compute is a warning at the
/// sample: the team decides what its own app accepts, so the pack expects the sample's verdict, and
/// qapass's own core follows it as the app does. A sample that contradicts a regex rule of its field
/// is an error at the sample: a valid text the pattern does not match, or an invalid or incomplete
/// one that the patterns match and nothing else in the field refuses.
///
/// ```swift
/// let path = "matrices/default.yaml"
/// let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
/// let document = try MatrixDocument.load(path: path, bytes: bytes).document
/// guard case .qapass(let file) = document else { return }
/// let plan = try Plan.make(file: file)
/// let check = VerdictPreflight.check(plan, file: file)
/// check.diagnostics   // []: every text the default matrix types has a verdict
/// print(check.summary)
/// ```
package struct VerdictPreflight: Sendable {
  /// The errors (texts without a verdict) and warnings (samples that overrule a built-in rule).
  package var diagnostics: [Diagnostic]
  /// The automated field items whose every text was judged.
  package var judgedItems: Int
  /// The automated field items with a text the oracle cannot judge.
  package var unjudgedItems: Int
  /// The items not checked because this build has no engines to type their recipes.
  package var notTyped: Int
  /// The samples the fields declare.
  package var samples: Int

  /// One line for lint's summary: `  verdicts: every text of the 184 automated field items has one …`.
  package var summary: String {
    var line = "  verdicts: "
    line +=
      unjudgedItems == 0
      ? "every text the \(judgedItems) automated field items type, paste or leave has one"
      : "\(unjudgedItems) of \(judgedItems + unjudgedItems) automated field items have a text without one"
    line +=
      samples == 0 ? " (computed from the rules' definitions)" : " (\(samples) from the fields' samples)"
    if notTyped > 0 { line += "; \(notTyped) items that type with an engine were not checked (no engines)" }
    return line + "\n"
  }

  /// Checks the automated field items of `plan`, made from `file`.
  ///
  /// - Parameters:
  ///   - plan: The plan of `file`.
  ///   - file: The matrix file, for the places of fields, input methods and samples.
  ///   - engines: The engines of this build; `nil` leaves the items that type with one unchecked.
  /// - Complexity: one export of each automated field item, and one more per text without a verdict.
  package static func check(
    _ plan: Plan, file: MatrixFile, engines: EngineFactory? = BuiltInEngines.factory
  ) -> VerdictPreflight {
    var result = VerdictPreflight(
      diagnostics: [], judgedItems: 0, unjudgedItems: 0, notTyped: 0,
      samples: file.fields.reduce(0) { $0 + $1.samples.count })
    var groups: [Group] = []
    var traces: [String: Result<Trace, EngineError>] = [:]
    for item in plan.items where item.kind == .automated && item.channel != .haptics {
      if engines == nil, item.configuration.inputMethod != nil {
        result.notTyped += 1
        continue
      }
      let texts = unjudgedTexts(item, plan.automation, traces: &traces, engines: engines)
      if texts.isEmpty {
        result.judgedItems += 1
        continue
      }
      result.unjudgedItems += 1
      let key = GroupKey(
        field: item.configuration.field?.rawValue, method: item.configuration.inputMethod?.rawValue)
      if let index = groups.firstIndex(where: { $0.key == key }) {
        groups[index].add(texts, item: item)
      } else {
        var group = Group(key: key)
        group.add(texts, item: item)
        groups.append(group)
      }
    }
    for group in groups {
      result.diagnostics.append(diagnostic(group, plan: plan, file: file, traces: traces))
    }
    result.diagnostics += contradictions(file, plan: plan)
    return result
  }

  // MARK: Texts without a verdict

  /// The texts of `item` the oracle cannot judge, in the order the export meets them.
  ///
  /// The export stops at the first; each is then taken as judged (invalid) for this item only and the
  /// export runs again, so every text the item needs is found.
  static func unjudgedTexts(
    _ item: PlanItem, _ automation: Automation, traces: inout [String: Result<Trace, EngineError>],
    engines: EngineFactory?
  ) -> [VerdictOracle.Unknown] {
    var assumed = automation
    var found: [VerdictOracle.Unknown] = []
    while found.count < limit {
      do {
        _ = try PackExport.export(item, assumed, traces: &traces, engines: engines)
        return found
      } catch {
        guard let unknown = error.unjudged,
          let index = assumed.fields.firstIndex(where: { $0.id == item.configuration.field?.rawValue }),
          assumed.fields[index].oracle.samples[Array(unknown.text.unicodeScalars)] == nil
        else { return found }
        found.append(unknown)
        assumed.fields[index].oracle.samples[Array(unknown.text.unicodeScalars)] = .invalid
      }
    }
    return found
  }

  /// The most texts looked for in one item.
  static let limit = 64

  struct GroupKey: Hashable {
    var field: String?
    var method: String?
  }

  /// The texts without a verdict of one field and input method, with the items that need them.
  struct Group {
    var key: GroupKey
    var texts: [VerdictOracle.Unknown] = []
    var items: [String] = []

    mutating func add(_ unknown: [VerdictOracle.Unknown], item: PlanItem) {
      items.append(item.id.rawValue)
      for text in unknown
      where !texts.contains(where: { $0.text.unicodeScalars.elementsEqual(text.text.unicodeScalars) }) {
        texts.append(text)
      }
    }
  }

  static func diagnostic(
    _ group: Group, plan: Plan, file: MatrixFile, traces: [String: Result<Trace, EngineError>]
  ) -> Diagnostic {
    let field = file.fields.first { $0.id == group.key.field }
    let method = group.key.method.flatMap { plan.automation.method($0, field: group.key.field) }
    let trace = method.flatMap { method in
      try? traces[(method.engine ?? "") + "\u{0}" + method.recipe.text]?.get()
    }
    let setup = plan.automation.field(group.key.field)
    let pasted = [setup?.invalidSample, setup?.recompositionSample].compactMap { $0 }
    let descriptions = group.texts.map {
      "\(describe($0.text, method: method, trace: trace, pasted: pasted)), '\($0.text)'"
    }
    let reasons = group.texts.map(\.reason)
    var location = field?.location
    if let id = group.key.method, let use = field?.inputMethods?.first(where: { $0.id == id }) {
      location = use.location
    } else if let id = group.key.method, field?.inputMethods == nil, let entry = file.inputMethod(id) {
      location = entry.location
    }
    return Diagnostic(
      path: file.path, location: location,
      message: Message.unjudged(
        field: group.key.field ?? "", method: method, descriptions: descriptions, reasons: reasons,
        items: group.items.count))
  }

  /// Where `text` comes from; `pasted` are the invalid texts `r1` and `r4` paste before typing.
  static func describe(_ text: String, method: Automation.Method?, trace: Trace?, pasted: [String] = [])
    -> String
  {
    guard let method else { return "a text of \(text.count) characters" }
    if text == method.expect { return "the text its recipe commits (its 'expect')" }
    for count in 1...max(1, method.expect.count) where text == String(method.expect.dropLast(count)) {
      return count == 1
        ? "what one delete leaves of its 'expect'" : "what \(count) deletes leave of its 'expect'"
    }
    if let trace {
      var committed = ""
      for (index, step) in trace.steps.enumerated() {
        committed += step.committed
        if committed + step.preedit == text { return "the text after key \(index + 1) of its recipe" }
        if let prefix = pasted.first(where: { $0 + committed + step.preedit == text }) {
          return "the invalid text '\(prefix)' followed by the text after key \(index + 1) of its recipe"
        }
      }
    }
    return "a text of \(text.count) characters its recipe leaves"
  }

  // MARK: Samples that overrule a rule

  static func contradictions(_ file: MatrixFile, plan: Plan) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    for field in file.fields {
      guard let setup = plan.automation.field(field.id) else { continue }
      for sample in field.samples {
        if let message = patternContradiction(sample, field: field) {
          diagnostics.append(Diagnostic(path: file.path, location: sample.location, message: message))
          continue
        }
        guard let computed = try? setup.oracle.computedVerdict(of: sample.text), computed != sample.verdict
        else { continue }
        diagnostics.append(
          Diagnostic(
            .warning, path: file.path, location: sample.location,
            message: Message.overrules(field: field, listed: sample.verdict, computed: computed)))
      }
    }
    return diagnostics
  }

  /// Why `sample` contradicts a regex rule of `field`, if it does: a valid text the pattern does not
  /// match (the whole text, as `PatternRule` matches it), or an invalid or incomplete one that every
  /// pattern matches and no built-in rule of the field refuses, which nothing in the app would refuse.
  /// The empty text is valid to every pattern, as to every rule but `required`.
  static func patternContradiction(_ sample: MatrixFile.Field.Sample, field: MatrixFile.Field) -> String? {
    var patterns: [String] = []
    var builtIns: [BuiltInRule] = []
    for rule in field.rules {
      if case .regex(let pattern) = rule {
        patterns.append(pattern)
      } else if let builtIn = BuiltInRule(rawValue: rule.name) {
        builtIns.append(builtIn)
      }
    }
    func matches(_ pattern: String) -> Bool? {
      if sample.text.isEmpty { return true }
      guard let regex = try? Regex(pattern) else { return nil }
      return sample.text.wholeMatch(of: regex) != nil
    }
    switch sample.verdict {
    case .valid:
      guard let refusing = patterns.first(where: { matches($0) == false }) else { return nil }
      return Message.patternRefuses(field: field.id, pattern: refusing)
    case .invalid, .incomplete:
      guard !patterns.isEmpty, patterns.allSatisfy({ matches($0) == true }),
        (try? BuiltInRule.verdict(of: sample.text, rules: builtIns)) == .valid
      else { return nil }
      return Message.patternAccepts(field: field.id, listed: sample.verdict, patterns: patterns)
    }
  }

  enum Message {
    static func patternRefuses(field: String, pattern: String) -> String {
      "field '\(field)' lists this text as valid, but its regex '\(pattern)' does not match the whole of it: "
        + "the app refuses a text its pattern does not match; list it as invalid or incomplete, or correct "
        + "the pattern"
    }

    static func patternAccepts(field: String, listed: Verdict, patterns: [String]) -> String {
      let rules = patterns.map { "'\($0)'" }.joined(separator: " and ")
      return
        "field '\(field)' lists this text as \(listed.rawValue), but its regex \(rules) matches the whole "
        + "of it and no other rule of the field refuses it, so the app would accept it"
        + (listed == .incomplete
          ? " (an incomplete text is one still being typed, which the field refuses)" : "")
        + "; list it as valid, or correct the pattern"
    }

    static func unjudged(
      field: String, method: Automation.Method?, descriptions: [String], reasons: [NoVerdict], items: Int
    ) -> String {
      let count = descriptions.count == 1 ? "a text" : "\(descriptions.count) texts"
      let source = method.map { "input method '\($0.id)' leaves in it" } ?? "its items enter"
      var message =
        "field '\(field)' has no verdict for \(count) \(source) (\(items) automated item\(items == 1 ? "" : "s")): "
        + descriptions.joined(separator: "; ")
      let unique = reasons.reduce(into: [NoVerdict]()) { if !$0.contains($1) { $0.append($1) } }
      for reason in unique {
        switch reason {
        case .regex(let pattern):
          message +=
            ". Its regex rule '\(pattern)' is judged only by the field's samples: list \(descriptions.count == 1 ? "it" : "them") "
            + "under 'samples:' as valid, invalid or incomplete"
        case .unicodeDataTooOld(let error):
          message += ". " + error.description
        }
      }
      if let method, let engine = method.engine {
        message +=
          " ('qapass trace --engine \(Escaping.shellWord(engine)) RECIPE' prints the text after each key)"
      }
      return message
    }

    static func overrules(field: MatrixFile.Field, listed: Verdict, computed: Verdict) -> String {
      "field '\(field.id)' lists this text as \(listed.rawValue), but its rules "
        + "(\(field.rules.map(\.name).joined(separator: ", "))) say \(computed.rawValue) by their definitions: "
        + "the pack expects \(listed.rawValue), the team's decision, and qapass's own core follows it too; keep "
        + "the sample only if the app decides otherwise on purpose"
    }
  }
}
