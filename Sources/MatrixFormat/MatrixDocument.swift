import Diagnostics
import Foundation
import MatrixExpansion
import QAModel
import YAMLDecoding

/// What a matrix file holds: a full qapass matrix file, or a bare GitHub Actions `matrix` mapping.
package enum MatrixDocument: Sendable {
  case qapass(MatrixFile)
  case bare(Matrix)

  /// The matrix to expand, whichever kind of document this is.
  package var matrix: Matrix {
    switch self {
    case .qapass(let file): file.matrix
    case .bare(let matrix): matrix
    }
  }

  /// Parses and checks a matrix file.
  ///
  /// A document with a scalar `version` or a `matrix:` mapping is a qapass file and is checked in full: known keys, types,
  /// unique ids, every id used in `matrix:` present in its catalog. Any other mapping is read as a bare
  /// GitHub-style matrix.
  ///
  /// - Returns: The document and its warnings.
  /// - Throws: `DiagnosticList` with every error found (and the warnings), each with path, line and column.
  package static func load(
    path: String, bytes: [UInt8], limits: YAMLLimits = .default
  ) throws(DiagnosticList) -> (document: MatrixDocument, warnings: [Diagnostic]) {
    let root: Node?
    do {
      root = try YAML.parse(bytes, limits: limits)
    } catch {
      throw DiagnosticList([error.diagnostic(path: path)])
    }
    var reader = NodeReader(path: path)
    guard let root else {
      reader.error(Message.emptyFile, at: TextPosition(line: 1, column: 1))
      throw DiagnosticList(reader.diagnostics)
    }
    guard let pairs = root.mapping else {
      reader.error(
        NodeReader.Message.expected("a mapping at the top of the file", found: root), at: root.start)
      throw DiagnosticList(reader.diagnostics)
    }
    // A bare matrix's keys are dimensions, whose values are lists; a qapass file's `version` is a scalar.
    let isQAPass = pairs.contains {
      ($0.key.scalar?.text == "version" && $0.value.scalar != nil)
        || ($0.key.scalar?.text == "matrix" && $0.value.mapping != nil)
    }
    let document: MatrixDocument?
    if isQAPass {
      document = reader.matrixFile(root).map(MatrixDocument.qapass)
    } else {
      document = reader.matrix(root).map(MatrixDocument.bare)
    }
    guard let document, !reader.hasErrors else { throw DiagnosticList(reader.diagnostics) }
    return (document, reader.diagnostics)
  }

  enum Message {
    static func recipeWithoutExpect(_ id: String, field: String) -> String {
      "input method '\(id)' of field '\(field)' gives only one of 'recipe' and 'expect'; give both "
        + "(the field's own keystrokes and the text they commit) or neither (the input method's own)"
    }
    static let emptySubject =
      "a subject's name is empty; expected the name its QAPassHarness subject reports (HarnessSubject.name)"
    static let emptyFile =
      "the file is empty; expected a qapass matrix file ('version: 1', catalogs and 'matrix:') "
      + "or a GitHub-style matrix mapping"
  }
}

extension NodeReader {
  static let topLevelKeys = [
    "version", "name", "build", "input_methods", "devices", "fields", "haptics", "plan", "matrix", "testers",
    "subjects", "policies", "decisions",
  ]

  mutating func matrixFile(_ root: Node) -> MatrixFile? {
    guard
      let top = mapping(
        root, context: "the matrix file", allowed: Self.topLevelKeys, required: ["version", "name", "matrix"])
    else { return nil }
    if let version = top["version"]?.value, let number = integer(version, "'version'"),
      number != MatrixFile.formatVersion
    {
      error(
        "unsupported format version \(number); this qapass reads version \(MatrixFile.formatVersion)",
        at: version.start)
      return nil
    }
    let name = top["name"].flatMap { line($0.value, "'name'") } ?? ""
    let build = top["build"].flatMap { line($0.value, "'build'") }
    let inputMethods = top["input_methods"].map { inputMethodCatalog($0.value) } ?? []
    let devices = top["devices"].map { deviceCatalog($0.value) } ?? []
    let fields = top["fields"].map { fieldCatalog($0.value) } ?? []
    let haptics = top["haptics"].flatMap { hapticsBlock($0.value) }
    let planning = top["plan"].map { planBlock($0.value) } ?? MatrixFile.Planning()
    guard let matrixNode = top["matrix"]?.value, let matrix = matrix(matrixNode) else { return nil }
    var file = MatrixFile(
      path: path, name: name, build: build, inputMethods: inputMethods, devices: devices, fields: fields,
      haptics: haptics, matrix: matrix, planning: planning)
    file.fieldsLocation = top["fields"]?.key.start
    file.testers = top["testers"].map { testerCatalog($0.value, devices: devices.map(\.id)) } ?? []
    file.renames = renames(top)
    file.subjects = top["subjects"].map { subjectList($0.value) } ?? []
    file.policies = top["policies"].map { policiesBlock($0.value) } ?? MatrixFile.Policies()
    file.decisions = top["decisions"].map { decisionsBlock($0.value) } ?? MatrixFile.Decisions()
    checkReferences(file)
    // After an error a device may be missing from its catalog: its reach would be a false alarm.
    if !hasErrors { checkReach(file) }
    return file
  }

  // MARK: Catalogs

  /// Reads a list of mappings with unique `id`s.
  private mutating func catalog<T>(
    _ node: Node, _ what: String, allowed: [String], required: [String],
    _ read: (inout NodeReader, String, [String: Node.Pair], Node) -> T?
  ) -> [T] {
    guard let items = sequence(node, "'\(what)s'") else { return [] }
    var seen: [String: TextPosition] = [:]
    var result: [T] = []
    for item in items {
      guard let keys = mapping(item, context: what, allowed: allowed, required: required),
        let idNode = keys["id"]?.value, let id = identifier(idNode, "\(what) id")
      else { continue }
      if let first = seen[id] {
        error(
          "duplicate \(what) id '\(id)'", at: idNode.start, notes: [note("first defined here", at: first)])
        continue
      }
      seen[id] = idNode.start
      declaredIDs[what, default: []].append(id)
      if let value = read(&self, id, keys, item) { result.append(value) }
    }
    return result
  }

  private mutating func inputMethodCatalog(_ node: Node) -> [MatrixFile.InputMethod] {
    catalog(
      node, "input method",
      allowed: ["id", "label", "keyboard", "engine", "recipe", "expect", MatrixFile.Renames.key],
      required: ["id", "keyboard", "recipe", "expect"]
    ) { reader, id, keys, item in
      let engine = keys["engine"].flatMap { reader.string($0.value, "'engine'") }
      guard let keyboard = keys["keyboard"].flatMap({ reader.string($0.value, "'keyboard'") }),
        let recipe = keys["recipe"].flatMap({ reader.string($0.value, "'recipe'") }),
        let expect = keys["expect"].flatMap({ reader.string($0.value, "'expect'") })
      else { return nil }
      if let problem = KeyboardIdentifier.problem(with: keyboard) {
        reader.error(problem, at: keys["keyboard"]!.value.start)
      } else if let unknown = KeyboardIdentifier.unknownWarning(for: keyboard) {
        reader.warning(unknown, at: keys["keyboard"]!.value.start)
      }
      return MatrixFile.InputMethod(
        id: id, label: keys["label"].flatMap { reader.line($0.value, "'label'") } ?? id,
        keyboard: keyboard, engine: engine, recipe: recipe, expect: expect, location: item.start,
        recipeLocation: keys["recipe"]!.value.start,
        engineLocation: keys["engine"]?.value.start ?? item.start,
        expectLocation: keys["expect"]!.value.start)
    }
  }

  private mutating func deviceCatalog(_ node: Node) -> [MatrixFile.Device] {
    catalog(
      node, "device",
      allowed: ["id", "name", "kind", "haptics", "os", "input_methods", MatrixFile.Renames.key],
      required: ["id", "name", "kind", "haptics", "os"]
    ) { reader, id, keys, item in
      if id.contains("."), let idNode = keys["id"]?.value {
        reader.error(MatrixFile.Message.dotInDeviceID(id), at: idNode.start)
        return nil
      }
      guard let name = keys["name"].flatMap({ reader.line($0.value, "'name'") }),
        let kindNode = keys["kind"]?.value, let kindText = reader.string(kindNode, "'kind'"),
        let haptics = keys["haptics"].flatMap({ reader.bool($0.value, "'haptics'") }),
        let osNode = keys["os"]?.value
      else { return nil }
      guard let kind = MatrixFile.Device.Kind(rawValue: kindText) else {
        let kinds = MatrixFile.Device.Kind.allCases.map(\.rawValue)
        reader.error(
          "unknown device kind '\(kindText)'\(Suggestion.hint(for: kindText, among: kinds))",
          at: kindNode.start)
        return nil
      }
      if kind == .simulator && haptics {
        reader.error(
          "simulator '\(id)' cannot have 'haptics: true': no simulator plays haptic feedback",
          at: keys["haptics"]!.value.start)
      } else if haptics, id.lowercased().hasPrefix("ipad") || name.lowercased().contains("ipad") {
        // Testers would get haptic feel items on a device without a Taptic Engine.
        reader.error(
          "'\(name)' cannot have 'haptics: true': no iPad has a Taptic Engine (Core Haptics' supportsHaptics "
            + "is false on iPads, DOMAIN 3.2); write 'haptics: false', so its testers get the no-haptics item",
          at: keys["haptics"]!.value.start)
      }
      guard let support = reader.osSupport(osNode) else { return nil }
      let inputMethods = keys["input_methods"].flatMap { reader.idList($0.value, "'input_methods'") }
      return MatrixFile.Device(
        id: id, name: name, kind: kind, haptics: haptics, osSupport: support, inputMethods: inputMethods,
        location: item.start)
    }
  }

  private mutating func osSupport(_ node: Node) -> MatrixFile.OSSupport? {
    if let items = node.sequence {
      if items.isEmpty {
        error(MatrixFile.Message.noOSVersions, at: node.start)
        return nil
      }
      let versions = items.map { osVersion($0, in: .deviceList)?.text }
      // A device whose list has an error is left out, so nothing is planned from half its list.
      guard versions.allSatisfy({ $0 != nil }) else { return nil }
      return .versions(versions.compactMap { $0 })
    }
    guard
      let keys = mapping(node, context: "'os' (a range such as {min: \"26.0\"})", allowed: ["min", "max"])
    else { return nil }
    var bounds: [String: OSVersion] = [:]
    for key in ["min", "max"] {
      guard let bound = keys[key]?.value else { continue }
      guard let version = osVersion(bound, in: .deviceRange) else { return nil }
      bounds[key] = version
    }
    if bounds.isEmpty {
      error("give 'min', 'max' or both for the device's OS range", at: node.start)
      return nil
    }
    return .range(min: bounds["min"], max: bounds["max"])
  }

  private mutating func idList(_ node: Node, _ what: String) -> [String]? {
    guard let items = sequence(node, what) else { return nil }
    return items.compactMap { identifier($0, "an id in \(what)") }
  }

  private mutating func fieldCatalog(_ node: Node) -> [MatrixFile.Field] {
    catalog(
      node, "field",
      allowed: ["id", "label", "rules", "messages", "input_methods", "samples", MatrixFile.Renames.key],
      required: ["id", "rules"]
    ) {
      reader, id, keys, item in
      guard let ruleNodes = keys["rules"].flatMap({ reader.sequence($0.value, "'rules'") }) else {
        return nil
      }
      var rules: [MatrixFile.Rule] = []
      var ruleLocations: [TextPosition] = []
      for ruleNode in ruleNodes {
        if let pairs = ruleNode.mapping {
          guard
            let keys = reader.mapping(ruleNode, context: "a rule", allowed: ["regex"], required: ["regex"]),
            let pattern = keys["regex"].flatMap({ reader.string($0.value, "'regex'") })
          else { continue }
          _ = pairs
          rules.append(.regex(pattern))
          ruleLocations.append(keys["regex"]!.value.start)
          continue
        }
        guard let name = reader.string(ruleNode, "a rule") else { continue }
        let known: [String: MatrixFile.Rule] = [
          "required": .required, "han-name": .hanName, "japanese-name": .japaneseName,
          "korean-name": .koreanName, "email": .email,
        ]
        guard let rule = known[name] else {
          reader.error(
            "unknown rule '\(name)'\(Suggestion.hint(for: name, among: MatrixFile.Rule.names)) (or {regex: '...'})",
            at: ruleNode.start)
          continue
        }
        rules.append(rule)
        ruleLocations.append(ruleNode.start)
      }
      var messages: [String: String] = [:]
      if let messageNode = keys["messages"]?.value {
        let allowed = MatrixFile.Rule.names + ["regex", "composing"]
        for (key, pair) in reader.mapping(messageNode, context: "'messages'", allowed: allowed) ?? [:] {
          if let text = reader.string(pair.value, "message '\(key)'") { messages[key] = text }
        }
      }
      let uses = keys["input_methods"].map { reader.inputMethodUses($0.value, field: id) }
      return MatrixFile.Field(
        id: id, label: keys["label"].flatMap { reader.line($0.value, "'label'") } ?? id, rules: rules,
        messages: messages, inputMethods: uses, location: item.start, ruleLocations: ruleLocations,
        samples: keys["samples"].map { reader.fieldSamples($0.value, field: id) } ?? [])
    }
  }

  /// A field's `input_methods:`: ids, or `{id, recipe, expect}` mappings with a recipe of the field's own.
  private mutating func inputMethodUses(_ node: Node, field: String) -> [MatrixFile.Field.InputMethodUse] {
    guard let items = sequence(node, "'input_methods' of field '\(field)'") else { return [] }
    var uses: [MatrixFile.Field.InputMethodUse] = []
    for item in items {
      var use: MatrixFile.Field.InputMethodUse
      if item.mapping != nil {
        guard
          let keys = mapping(
            item, context: "an input method of field '\(field)'", allowed: ["id", "recipe", "expect"],
            required: ["id"]),
          let id = keys["id"].flatMap({ identifier($0.value, "an input method id") })
        else { continue }
        use = .init(id: id, location: item.start)
        use.recipe = keys["recipe"].flatMap { string($0.value, "'recipe'") }
        use.expect = keys["expect"].flatMap { string($0.value, "'expect'") }
        use.recipeLocation = keys["recipe"]?.value.start
        use.expectLocation = keys["expect"]?.value.start
        if (keys["recipe"] == nil) != (keys["expect"] == nil) {
          error(MatrixDocument.Message.recipeWithoutExpect(id, field: field), at: item.start)
          use.recipe = nil  // the field still lists the method; only its own recipe is refused
          use.expect = nil
        }
      } else {
        guard let id = identifier(item, "an input method id") else { continue }
        use = .init(id: id, location: item.start)
      }
      if let first = uses.first(where: { $0.id == use.id }) {
        error(
          "field '\(field)' lists input method '\(use.id)' twice", at: item.start,
          notes: [note("first listed here", at: first.location)])
        continue
      }
      uses.append(use)
    }
    return uses
  }

  /// `testers:`: names, the device units each holds (ids from the device catalog), time zones.
  private mutating func testerCatalog(_ node: Node, devices: [String]) -> [MatrixFile.Tester] {
    guard let items = sequence(node, "'testers'") else { return [] }
    var testers: [MatrixFile.Tester] = []
    for item in items {
      guard
        let keys = mapping(
          item, context: "a tester", allowed: ["name", "devices", "time_zone"], required: ["name", "devices"]),
        let nameNode = keys["name"]?.value, let name = line(nameNode, "'name'"),
        let list = keys["devices"]?.value, let held = sequence(list, "'devices'")
      else { continue }
      if let first = testers.first(where: { $0.name == name }) {
        error(
          "duplicate tester '\(name)'", at: nameNode.start,
          notes: [note("first defined here", at: first.location)])
        continue
      }
      var ids: [String] = []
      for unit in held {
        guard let id = identifier(unit, "a device id") else { continue }
        if devices.contains(id) {
          ids.append(id)
        } else {
          error(
            "tester '\(name)' holds unknown device '\(id)'\(Suggestion.hint(for: id, among: devices))",
            at: unit.start)
        }
      }
      var zone: String?
      if let zoneNode = keys["time_zone"]?.value, let text = line(zoneNode, "'time_zone'") {
        if TimeZone(identifier: text) == nil {
          error(
            "'\(text)' is not a time zone; expected an IANA name such as 'Asia/Tokyo' or 'UTC'",
            at: zoneNode.start)
        } else {
          zone = text
        }
      }
      testers.append(MatrixFile.Tester(name: name, devices: ids, timeZone: zone, location: item.start))
    }
    return testers
  }

  /// `subjects:`: the app subjects whose QAPassHarness results a report requires, each a name
  /// (`SignUpCore`) or `{name: SignUpCore}`.
  private mutating func subjectList(_ node: Node) -> [MatrixFile.Subject] {
    guard let items = sequence(node, "'subjects'") else { return [] }
    var subjects: [MatrixFile.Subject] = []
    for item in items {
      let nameNode: Node
      if item.mapping != nil {
        guard let keys = mapping(item, context: "a subject", allowed: ["name"], required: ["name"]),
          let node = keys["name"]?.value
        else { continue }
        nameNode = node
      } else {
        nameNode = item
      }
      guard let name = line(nameNode, "a subject's name") else { continue }
      if name.trimmingCharacters(in: .whitespaces).isEmpty {
        error(MatrixDocument.Message.emptySubject, at: nameNode.start)
        continue
      }
      if let first = subjects.first(where: { $0.name == name }) {
        error(
          "subject '\(name)' is listed twice", at: nameNode.start,
          notes: [note("first listed here", at: first.location)])
        continue
      }
      subjects.append(MatrixFile.Subject(name: name, location: nameNode.start))
    }
    return subjects
  }

  // MARK: Haptics and planning

  private mutating func hapticsBlock(_ node: Node) -> MatrixFile.Haptics? {
    guard
      let keys = mapping(node, context: "'haptics'", allowed: ["confirmation"], required: ["confirmation"]),
      let eventsNode = keys["confirmation"]?.value, let items = sequence(eventsNode, "'haptics.confirmation'")
    else { return nil }
    if items.isEmpty {
      error(
        "'haptics.confirmation' has no events; the saved confirmation needs at least one",
        at: eventsNode.start)
    }
    var events: [MatrixFile.Haptics.Event] = []
    for item in items {
      guard
        let keys = mapping(
          item, context: "a haptic event", allowed: ["type", "time", "intensity", "sharpness", "duration"],
          required: ["type", "intensity", "sharpness"]),
        let typeNode = keys["type"]?.value, let typeText = string(typeNode, "'type'")
      else { continue }
      guard let kind = HapticEventKind(rawValue: typeText) else {
        let kinds = HapticEventKind.allCases.map(\.rawValue)
        error(
          "unknown haptic event type '\(typeText)'\(Suggestion.hint(for: typeText, among: kinds))",
          at: typeNode.start)
        continue
      }
      let time = keys["time"].map { unit($0.value, "'time'", upper: nil) } ?? 0
      let intensity = keys["intensity"].flatMap { unit($0.value, "'intensity'", upper: 1) }
      let sharpness = keys["sharpness"].flatMap { unit($0.value, "'sharpness'", upper: 1) }
      var duration: Double?
      if let durationNode = keys["duration"]?.value {
        duration = unit(durationNode, "'duration'", upper: nil)
        if kind == .transient {
          error(
            "a transient event has no duration; remove 'duration' or use type: continuous",
            at: durationNode.start)
        } else if let d = duration, d <= 0 {
          error("a continuous event needs a duration greater than 0, found \(d)", at: durationNode.start)
        }
      } else if kind == .continuous {
        error("a continuous event needs a 'duration' in seconds", at: item.start)
      }
      guard let time, let intensity, let sharpness else { continue }
      events.append(
        MatrixFile.Haptics.Event(
          kind: kind, time: time, intensity: intensity, sharpness: sharpness, duration: duration,
          location: item.start))
    }
    return MatrixFile.Haptics(confirmation: events, location: node.start)
  }

  /// A number in `0...upper` (or `0...` without an upper bound).
  private mutating func unit(_ node: Node, _ what: String, upper: Double?) -> Double? {
    guard let value = number(node, what) else { return nil }
    if value < 0 || (upper.map { value > $0 } ?? false) {
      let range = upper.map { "from 0 to \($0 == 1 ? "1" : String($0))" } ?? "of 0 or more"
      error("\(what) must be a number \(range), found \(node.scalar?.text ?? "")", at: node.start)
      return nil
    }
    return value
  }

  private mutating func planBlock(_ node: Node) -> MatrixFile.Planning {
    var planning = MatrixFile.Planning()
    guard let keys = mapping(node, context: "'plan'", allowed: ["strategy", "seed", "weights"]) else {
      return planning
    }
    if let strategyNode = keys["strategy"]?.value {
      if let text = strategyNode.scalar?.text, strategyNode.mapping == nil {
        if text != "full" {
          error(
            "unknown strategy '\(text)'; expected 'full' or {kind: pairwise, strength: 2}",
            at: strategyNode.start)
        }
      } else if let strategy = mapping(
        strategyNode, context: "'plan.strategy'", allowed: ["kind", "strength", "effort"], required: ["kind"])
      {
        let kind = strategy["kind"].flatMap { string($0.value, "'kind'") }
        let strength = strategy["strength"].flatMap { integer($0.value, "'strength'") } ?? 2
        if let kind, kind != "pairwise" && kind != "full" {
          error(
            "unknown strategy kind '\(kind)'\(Suggestion.hint(for: kind, among: ["full", "pairwise"]))",
            at: strategy["kind"]!.value.start)
        } else if kind == "pairwise" {
          if !(2...4).contains(strength) {
            error("strength must be 2, 3 or 4, found \(strength)", at: strategy["strength"]?.value.start)
          }
          planning.strategy = .pairwise(strength: strength)
          if let effortNode = strategy["effort"]?.value,
            let effort = unit(effortNode, "'effort'", upper: nil)
          {
            planning.effort = effort
          }
        }
      }
    }
    if let seedNode = keys["seed"]?.value, let seed = integer(seedNode, "'seed'") {
      if seed < 0 {
        error("'seed' must be 0 or more, found \(seed)", at: seedNode.start)
      } else {
        planning.seed = UInt64(seed)
      }
    }
    if let weightsNode = keys["weights"]?.value, let dims = weightsNode.mapping {
      for dim in dims {
        let name = dim.key.scalar?.text ?? ""
        guard let values = dim.value.mapping else {
          error("expected a mapping of value: weight for '\(name)'", at: dim.value.start)
          continue
        }
        for value in values {
          if let weight = number(value.value, "a weight"), weight > 0 {
            planning.weights[name, default: [:]][value.key.scalar?.text ?? ""] = weight
          } else {
            error("a weight must be a number greater than 0", at: value.value.start)
          }
        }
      }
    } else if let weightsNode = keys["weights"]?.value {
      error("expected 'weights' to be a mapping of dimension: {value: weight}", at: weightsNode.start)
    }
    return planning
  }
}
