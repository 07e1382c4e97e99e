import AcceptanceCore
import Diagnostics
import Keystrokes
import MatrixExpansion
import MatrixFormat
import Oracle
import QAModel
import QAPassHarness

extension Plan {
  /// Plans the QA pass for `file`.
  ///
  /// Automated composition items: C1 and C2 per input method × field × delivery variant, C3 per
  /// input method × field × variant × submission path (in-place methods get only the
  /// `every-update` variant, since variants describe marked-text commits), and P1 per path without
  /// marked text × field × valid/invalid sample. Automated haptic items when the file declares
  /// `haptics.confirmation`. Manual items per cell of ``MatrixFile/cells(limit:)`` (M1–M3 per
  /// field) and per physical device × OS (H1–H5 with haptics, V1 without); simulator sessions get a
  /// note instead of feel items.
  ///
  /// ```swift
  /// let path = "matrices/default.yaml"
  /// let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  /// let document = try MatrixDocument.load(path: path, bytes: bytes).document
  /// guard case .qapass(let file) = document else { return }
  /// let plan = try Plan.make(file: file)
  /// print(plan.table())
  /// ```
  ///
  /// - Parameters:
  ///   - file: A matrix file loaded by `MatrixDocument.load`.
  ///   - cellLimit: The most combinations the matrix may expand to.
  /// - Returns: The plan.
  /// - Throws: `DiagnosticList` for a matrix that does not expand, a recipe that does not parse, or
  ///   a regex rule that does not compile, each at its place in the file.
  ///   - engines: Makes the engines whose traces word the manual steps (Korean syllables, bopomofo).
  ///   - assignedBefore: The tester each session's checklist was written for (the checklist ledger),
  ///     kept while they hold the device (``assignments(testers:previous:)``); the changes are in
  ///     ``assignmentChanges`` and the notes.
  package static func make(
    file: MatrixFile, cellLimit: Int = Matrix.defaultCombinationLimit,
    strategy: MatrixFile.Planning.Strategy? = nil, seed: UInt64? = nil, previous: [Combination] = [],
    engines: EngineFactory? = BuiltInEngines.factory,
    assignedBefore: [SessionID: String?] = [:]
  ) throws(DiagnosticList) -> Plan {
    let cellPlan = try file.cells(limit: cellLimit, strategy: strategy, seed: seed, previous: previous)
    var errors: [Diagnostic] = []
    var notes: [String] = []

    var methods: [Automation.Method] = []
    var reported: Set<TextPosition> = []
    func resolve(_ method: MatrixFile.InputMethod, for field: String?) -> Automation.Method? {
      do {
        let recipe = try KeystrokeRecipe.parse(method.recipe)
        return Automation.Method(
          id: method.id, label: method.label, keyboard: method.keyboard, engine: method.engine,
          recipe: recipe, expect: method.expect, profile: InputMethodProfile(keyboard: method.keyboard))
      } catch {
        guard reported.insert(method.recipeLocation).inserted else { return nil }
        var location = method.recipeLocation
        location.column += max(0, error.column - 1)
        let owner = field.map { "recipe of '\(method.id)' in field '\($0)'" } ?? "recipe of '\(method.id)'"
        errors.append(Diagnostic(path: file.path, location: location, message: "\(owner): \(error.message)"))
        return nil
      }
    }
    for method in file.inputMethods {
      guard let resolved = resolve(method, for: nil) else { continue }
      if let warning = resolved.profile.warning { notes.append("input method '\(method.id)': \(warning)") }
      if method.engine == nil {
        notes.append(
          "input method '\(method.id)': no engine models this keyboard, so it has no automated items; "
            + "it is checked by hand only")
      }
      if !file.fields.isEmpty, !file.fields.contains(where: { $0.applies(method.id) }) {
        notes.append("input method '\(method.id)': no field lists it, so nothing is planned for it")
      }
      methods.append(resolved)
    }
    var crossings: [Automation.Crossing] = []
    for method in file.inputMethods {
      for field in file.fields {
        guard let scoped = file.inputMethod(method.id, for: field),
          let resolved = resolve(scoped, for: field.inputMethods == nil ? nil : field.id)
        else { continue }
        crossings.append(Automation.Crossing(field: field.id, method: resolved))
      }
    }
    var fields: [FieldSetup] = []
    for field in file.fields {
      do {
        let setup = try FieldSetup(field: field, names: file.policies.names)
        if setup.validSample == nil {
          notes.append(
            "field '\(field.id)': no valid sample text found for its rules; its P1 valid items are not planned"
          )
        }
        if setup.invalidSample == nil {
          notes.append(
            "field '\(field.id)': no invalid sample text found for its rules; its P1 invalid items are not planned"
          )
        }
        fields.append(setup)
      } catch {
        // Point at the regex that does not compile.
        let index = field.rules.indices.first { index in
          guard case .regex(let pattern) = field.rules[index] else { return false }
          return (try? PatternRule(pattern)) == nil
        }
        let location = index.flatMap { $0 < field.ruleLocations.count ? field.ruleLocations[$0] : nil }
        errors.append(
          Diagnostic(
            path: file.path, location: location ?? field.location, message: "field '\(field.id)': \(error)"))
      }
    }
    if !errors.isEmpty { throw DiagnosticList(errors) }
    if file.fields.isEmpty {
      notes.append("the matrix declares no 'fields': no composition items are planned")
    }

    var haptics: Automation.HapticContract?
    if let declared = file.haptics, let first = declared.confirmation.first {
      let events = declared.confirmation.map { event in
        HapticEvent(
          kind: event.kind, intensity: event.intensity,
          sharpness: event.sharpness, relativeTime: event.time, duration: event.duration ?? 0)
      }
      haptics = Automation.HapticContract(
        declared: HapticPattern(events: events),
        built: .savedConfirmation(intensity: first.intensity, sharpness: first.sharpness, delay: first.time))
      if let contract = haptics, !contract.declared.mismatches(against: contract.built).isEmpty {
        notes.append(
          "haptics.confirmation: savedConfirmation(intensity:sharpness:delay:) cannot build it ("
            + contract.declared.mismatches(against: contract.built).map(\.description).joined(separator: "; ")
            + "); an app adopting AcceptanceCore passes the declared pattern to SaveFlow itself")
      }
    } else {
      notes.append("the matrix declares no 'haptics.confirmation': no haptic items are planned")
    }
    if let covering = cellPlan.covering {
      var note =
        "manual items follow a \(covering.strength)-way covering array (seed \(covering.seed)): "
        + "\(covering.rows) cells instead of \(covering.fullCount); automated items run in full"
      if !covering.uncoverable.isEmpty {
        note +=
          "; \(covering.uncoverable.count) interactions no valid cell can hold: "
          + covering.uncoverable.joined(separator: "; ")
      }
      notes.append(note)
    }
    let inPlace = methods.filter { method in
      method.profile.presentation == .inPlace && method.engine != nil
        && crossings.contains { $0.method.id == method.id }
    }.map(\.id)
    if !inPlace.isEmpty {
      notes.append(
        "in-place input methods (\(inPlace.joined(separator: ", "))) are checked with the every-update variant "
          + "only: delivery variants describe how a marked-text commit is announced, and these have none")
    }
    var automation = Automation(methods: methods, crossings: crossings, fields: fields, haptics: haptics)
    automation.policies = CompositionPolicies(
      settleMilliseconds: file.policies.settleMilliseconds,
      silentCommitReturn: CompositionPolicies.SilentCommitReturn(rawValue: file.policies.silentCommitReturn)
        ?? .submits,
      hanNameSeparators: file.policies.names.hanNameSeparators.map(Self.spellings),
      japaneseNameSeparators: file.policies.names.japaneseNameSeparators.map(Self.spellings))
    automation.variants = DeliveryVariant.allCases.filter {
      file.policies.deliveryVariants.contains($0.rawValue)
    }

    var items = automatedItems(automation)
    let traces = KeyboardTraces.make(for: crossings.map(\.method), engines: engines)
    notes += traces.notes
    let manual = manualItems(file: file, cells: cellPlan.cells, automation: automation, traces: traces)
    items += manual.items
    notes += manual.notes
    items = uniquified(items)

    let removed = cellPlan.impossible.map { cell in
      RemovedCell(
        combination: cell.combination.members.map { PlanItem.Pair(key: $0.key, value: $0.value.displayText) },
        reason: cell.reason)
    }
    let summary = summarize(items, removed: removed.count)
    let fingerprint = Self.fingerprint(of: items, policies: file.policies)
    let names = file.devices.map { PlanItem.Pair(key: $0.id, value: $0.name) }
    var plan = Plan(
      name: file.name, path: file.path, build: file.build, items: items, removedCells: removed, notes: notes,
      summary: summary, fingerprint: fingerprint, deviceNames: names, automation: automation)
    plan.renames = file.renames
    plan.policies = file.policies
    if !file.testers.isEmpty {
      (plan.assignments, plan.assignmentChanges) = plan.assignments(
        testers: file.testers, previous: assignedBefore)
      plan.testerTimeZones = file.testers.compactMap { tester in
        tester.timeZone.map { PlanItem.Pair(key: tester.name, value: $0) }
      }
      let unassigned = plan.assignments.filter { $0.tester == nil }.map(\.session.description)
      if !unassigned.isEmpty {
        plan.notes.append(
          "no tester holds the device of \(unassigned.count) session(s): \(unassigned.joined(separator: ", "))"
        )
      }
      plan.notes += plan.assignmentChanges.map { "assignment: \($0)" }
    }
    return plan
  }

  // MARK: Automated items

  static func automatedItems(_ automation: Automation) -> [PlanItem] {
    var items: [PlanItem] = []
    for catalogMethod in automation.methods where catalogMethod.engine != nil {
      let variants: [DeliveryVariant] =
        catalogMethod.profile.presentation == .inPlace ? [.everyUpdate] : automation.variants
      for field in automation.fields {
        guard let method = automation.method(catalogMethod.id, field: field.id) else { continue }
        for scenario in [ScenarioCatalog.c1, ScenarioCatalog.c2, ScenarioCatalog.c3] {
          for variant in variants {
            let paths: [SubmitTrigger?] = scenario.id == .c3 ? SubmitTrigger.planned : [nil]
            for path in paths {
              var id = "auto.\(scenario.id).\(method.id).\(field.id).\(variant.rawValue)"
              if let path { id += "." + path.segment }
              let configuration = PlanItem.Configuration(
                inputMethod: InputMethodID(rawValue: method.id), keyboard: method.keyboard,
                field: FieldID(rawValue: field.id), variant: variant,
                submitPath: path)
              let changes = variant.changeEventsOnCommit
              items.append(
                automatedItem(
                  id, scenario, configuration,
                  title:
                    "\(scenario.title): \(method.label), \(field.label), \(changes) change event(s) on commit"
                    + (path.map { ", via \($0.segment)" } ?? ""),
                  steps: [
                    "Type the recipe \(method.recipe.text) with \(method.engine ?? "") into a field presented as "
                      + "\(method.profile.summary).",
                    "Commit what is left as focus-out would; the input method's expected text is \(method.expect).",
                  ]))
            }
          }
        }
      }
    }
    // R3 and R4 rest on commits that arrive with no editingChanged (announced only by focus leaving, or
    // only by the selection change): planned when the team's delivery variants include such commits.
    let noChange = automation.variants.contains(.noChangeOnCommit)
    let recompositions =
      [ScenarioCatalog.r1, ScenarioCatalog.r2] + (noChange ? [ScenarioCatalog.r3, ScenarioCatalog.r4] : [])
    for catalogMethod in automation.methods
    where catalogMethod.engine != nil && catalogMethod.profile.presentation == .markedText {
      for field in automation.fields {
        // Only the input methods the field declares, with the field's own recipe.
        guard let method = automation.method(catalogMethod.id, field: field.id) else { continue }
        for scenario in recompositions {
          let variant: DeliveryVariant? =
            switch scenario.id {
            case .r1: .everyUpdate
            case .r4: .noChangeOnCommit
            default: nil
            }
          // r2 submits by Return (its first item, whose id has no path) and by the button and code.
          let paths: [SubmitTrigger?] = scenario.id == .r2 ? [nil, .button, .programmatic] : [nil]
          for path in paths {
            let configuration = PlanItem.Configuration(
              inputMethod: InputMethodID(rawValue: method.id), keyboard: method.keyboard,
              field: FieldID(rawValue: field.id), variant: variant, submitPath: path)
            let first: String
            switch (scenario.id, path) {
            case (.r1, _):
              first = "Paste the invalid sample \"\(field.invalidSample ?? "")\", then type the recipe"
            case (.r2, .button?):
              first =
                "Type the recipe with commits that deliver no event, then tap Save (even one still disabled)"
            case (.r2, .programmatic?):
              first = "Type the recipe with commits that deliver no event, then submit in code"
            case (.r2, _):
              first =
                automation.policies.silentCommitReturn == .submits
                ? "Type the recipe with commits that deliver no event, then press Return (it submits)"
                : "Type the recipe with commits that deliver no event, then press Return twice (the first only judges)"
            case (.r4, _):
              first =
                "Paste the invalid text \"\(field.recompositionSample ?? "")\", then type the recipe with commits "
                + "announced only by selectionChanged"
            default:
              first =
                "Type the recipe up to its last composing key, then leave the field (editingDidEnd only)"
            }
            items.append(
              automatedItem(
                "auto.\(scenario.id).\(method.id).\(field.id)" + (path.map { "." + $0.segment } ?? ""),
                scenario,
                configuration,
                title: "\(scenario.title): \(method.label), \(field.label)"
                  + (path.map { ", via \($0.segment)" } ?? ""),
                steps: [
                  first
                    + " \(method.recipe.text) with \(method.engine ?? "") into a field presented as "
                    + "\(method.profile.summary)."
                ]))
          }
        }
      }
    }
    /// One item of `scenario` for every engine-backed keyboard `planned` keeps, on every field.
    func perEngineField(
      _ scenario: Scenario, planned: (Automation.Method) -> Bool, step: (Automation.Method) -> String
    ) {
      for catalogMethod in automation.methods where catalogMethod.engine != nil && planned(catalogMethod) {
        for field in automation.fields {
          guard let method = automation.method(catalogMethod.id, field: field.id) else { continue }
          let configuration = PlanItem.Configuration(
            inputMethod: InputMethodID(rawValue: method.id), keyboard: method.keyboard,
            field: FieldID(rawValue: field.id))
          items.append(
            automatedItem(
              "auto.\(scenario.id).\(method.id).\(field.id)", scenario, configuration,
              title: "\(scenario.title): \(method.label), \(field.label)", steps: [step(method)]))
        }
      }
    }
    perEngineField(ScenarioCatalog.r5, planned: { _ in true }) { method in
      "Paste \(ScenarioCatalog.astralCharacter) (U+20BB7), then type the recipe \(method.recipe.text) with "
        + "\(method.engine ?? "") into a field presented as \(method.profile.summary), and commit it."
    }
    // R6 rests on the in-place rewrite of the last syllable: planned for the keyboards that write so.
    perEngineField(ScenarioCatalog.r6, planned: { $0.profile.presentation == .inPlace }) { method in
      "Type the recipe \(method.recipe.text) with \(method.engine ?? "") into a field presented as "
        + "\(method.profile.summary), pausing after every key, focus never leaving."
    }
    for path in DirectInputPath.allCases {
      for field in automation.fields {
        for kind in SampleKind.allCases {
          guard let sample = field.sample(kind) else { continue }
          let label = kind.rawValue
          let configuration = PlanItem.Configuration(
            field: FieldID(rawValue: field.id), inputPath: path, sample: kind)
          var steps: [String] = []
          if path == .programmatic, let other = field.contrast(to: kind) {
            steps.append("Paste \"\(other)\" (editingChanged), then assign \"\(sample)\" in code (no event).")
          } else if path == .programmatic {
            steps.append("Assign \"\(sample)\" in code (no event).")
          } else if path == .paste {
            steps.append("Insert \"\(sample)\" by paste (one insertText, then editingChanged).")
          } else {
            steps.append(
              "Insert \"\(sample)\" by \(path.rawValue) (one insertText, then editingChanged): the same steps "
                + "as auto.p1.paste.\(field.id).\(label).")
          }
          steps.append("Submit by button, by Return and in code.")
          items.append(
            automatedItem(
              "auto.p1.\(path.rawValue).\(field.id).\(label)", ScenarioCatalog.p1, configuration,
              title: "\(ScenarioCatalog.p1.title): \(path.rawValue), \(field.label), \(label) sample",
              steps: steps))
        }
      }
    }
    for field in automation.fields {
      items.append(
        automatedItem(
          "auto.p2.\(field.id)", ScenarioCatalog.p2,
          PlanItem.Configuration(field: FieldID(rawValue: field.id)),
          title: "\(ScenarioCatalog.p2.title): \(field.label)",
          steps: [
            "For each text the oracle knows for the field's rules: select the whole text and paste it over "
              + "(selectionChanged, editingChanged), then submit by button."
          ]))
    }
    for field in automation.fields {
      guard let valid = field.validSample, let invalid = field.invalidSample else { continue }
      items.append(
        automatedItem(
          "auto.t1.\(field.id)", ScenarioCatalog.t1,
          PlanItem.Configuration(field: FieldID(rawValue: field.id)),
          title: "\(ScenarioCatalog.t1.title): \(field.label)",
          steps: [
            "Paste \"\(valid)\"; then, for the button, Return (100 ms after the paste) and code (at once), paste "
              + "\"\(invalid)\" and \"\(valid)\" over the whole text in turn, each submitted right after."
          ]))
    }
    if let contract = automation.haptics {
      let reference = hapticReference(contract.declared)
      for scenario in ScenarioCatalog.automatedHaptics {
        var item = automatedItem(
          "auto.\(scenario.id)", scenario, PlanItem.Configuration(), title: scenario.title,
          steps: ["Drive the save flow with a controlled saver and a recording haptic player."])
        item.haptic = reference
        items.append(item)
      }
    }
    return items
  }

  static func automatedItem(
    _ id: String, _ scenario: Scenario, _ configuration: PlanItem.Configuration, title: String,
    steps: [String]
  ) -> PlanItem {
    PlanItem(
      id: ItemID(rawValue: id), kind: .automated, channel: scenario.channel, scenario: scenario.id,
      scenarioVersion: scenario.version,
      configuration: configuration, title: title, preconditions: [], steps: steps,
      expected: [scenario.statement],
      record: [], haptic: nil)
  }

  static func hapticReference(_ pattern: HapticPattern) -> PlanItem.HapticReference {
    PlanItem.HapticReference(pattern: pattern)
  }

  // MARK: Manual items

  static func manualItems(file: MatrixFile, cells: [Cell], automation: Automation, traces: KeyboardTraces)
    -> (items: [PlanItem], notes: [String])
  {
    var sessions: [SessionID] = []
    var cellsBySession: [SessionID: [Cell]] = [:]
    for cell in cells {
      let session = SessionID(device: DeviceID(rawValue: cell.device), os: cell.os)
      if cellsBySession[session] == nil { sessions.append(session) }
      cellsBySession[session, default: []].append(cell)
    }
    let build = file.build ?? "the build named in the release ticket (the matrix names none)"
    var items: [PlanItem] = []
    var notes: [String] = []
    // A keyboard item's texts depend on its scenario, input method, field and kind of device only:
    // they are filled once and shared by every cell (the same text, stored once), with the recipe's
    // wording beside them where an engine's trace words them.
    var texts: [KeyboardTextsKey: (shown: ItemTexts, recipeWording: PlanItem.Texts?)] = [:]
    let withoutTraces = KeyboardTraces()
    for session in sessions {
      guard let device = file.device(session.device.rawValue) else { continue }
      for cell in cellsBySession[session] ?? [] {
        for field in automation.fields {
          guard let method = automation.method(cell.inputMethod, field: field.id) else { continue }
          for scenario in [ScenarioCatalog.m1, ScenarioCatalog.m2, ScenarioCatalog.m3] {
            let key = KeyboardTextsKey(
              scenario: scenario.id, method: method.id, field: field.id, deviceKind: device.kind)
            let filled =
              texts[key]
              ?? {
                let shown = keyboardTexts(
                  scenario, deviceKind: device.kind, method: method, field: field, build: build,
                  wording: traces.wording(for: method, field: field),
                  engineAfterDelete: traces.afterOneDelete(for: method))
                let recipe =
                  traces.isTraced(method)
                  ? keyboardTexts(
                    scenario, deviceKind: device.kind, method: method, field: field, build: build,
                    wording: withoutTraces.wording(for: method, field: field)
                  ).texts : nil
                texts[key] = (shown, recipe)
                return (shown, recipe)
              }()
            var item = keyboardItem(
              scenario, cell: cell, device: device, method: method, field: field, texts: filled.shown)
            item.recipeWording = filled.recipeWording
            items.append(item)
          }
        }
      }
      guard let contract = automation.haptics else { continue }
      if device.kind == .simulator {
        notes.append(
          "\(device.id) on \(session.os): no haptic feel items; the Simulator plays no haptics, "
            + "so feel is checked on physical devices only")
        continue
      }
      let scenarios =
        device.haptics
        ? [
          ScenarioCatalog.h1, ScenarioCatalog.h2, ScenarioCatalog.h3, ScenarioCatalog.h4, ScenarioCatalog.h5,
        ]
        : [ScenarioCatalog.v1]
      let reference = hapticReference(contract.declared)
      let values = [
        "build": build, "device": device.name, "os": session.os, "fingerprint": reference.fingerprint,
        "parameters": reference.parameters.joined(separator: "; "),
      ]
      for scenario in scenarios {
        var item = manualItem(
          "manual.haptic.\(scenario.id).\(sanitized(device.id)).\(sanitized(session.os))", scenario,
          PlanItem.Configuration(device: DeviceID(rawValue: device.id), os: session.os),
          title: "\(scenario.title) — \(device.name), iOS \(session.os)", values: values)
        item.haptic = reference
        items.append(item)
      }
    }
    return (items, notes)
  }

  /// What makes a keyboard item's texts: everything else in them is the same for every cell.
  struct KeyboardTextsKey: Hashable {
    var scenario: CheckID
    var method: String
    var field: String
    var deviceKind: MatrixFile.Device.Kind
  }

  /// An item's filled preconditions, steps, expected results and what to record.
  struct ItemTexts {
    var preconditions: [String]
    var steps: [String]
    var expected: [String]
    var record: [String]

    init(_ scenario: Scenario, _ values: [String: String]) {
      preconditions = scenario.preconditions.map { Scenario.fill($0, values) }
      steps = scenario.steps.map { Scenario.fill($0, values) }
      expected = scenario.expected.map { Scenario.fill($0, values) }
      record = scenario.record.map { Scenario.fill($0, values) }
    }

    /// The same texts as a plan item holds them.
    var texts: PlanItem.Texts {
      PlanItem.Texts(preconditions: preconditions, steps: steps, expected: expected, record: record)
    }
  }

  /// The texts of a keyboard item of `scenario` for `method` and `field` on a device of `deviceKind`.
  static func keyboardTexts(
    _ scenario: Scenario, deviceKind: MatrixFile.Device.Kind, method: Automation.Method, field: FieldSetup,
    build: String, wording: KeyboardWording, engineAfterDelete: String? = nil
  ) -> ItemTexts {
    let profile = method.profile
    let expect = method.expect
    // In place (Korean), the engine deletes one jamo of a syllable still being composed (박서연 → 박서여),
    // not the syllable: the expectation follows its trace, and the tester notes what the keyboard did.
    let jamoDelete = profile.presentation == .inPlace ? engineAfterDelete : nil
    let afterDelete = jamoDelete ?? (expect.isEmpty ? "" : String(expect.dropLast()))
    let composingExpectation =
      profile.presentation == .inPlace
      ? "There is no marked text: each key rewrites the last syllable in place. No message appears while a "
        + "syllable is unfinished; for the finished text \(expect): \(describe(field, expect))."
      : "No error message appears while the text is underlined (marked), even when what is typed so far "
        + "would not be valid."
    let returnExpectation: String
    switch profile.presentation {
    case .inPlace:
      returnExpectation =
        "Korean has no marked text: Return submits the text as typed only when it is valid (for \(expect): "
        + "\(describe(field, expect)))."
    case .markedText where !profile.returnAfterCommitReachesApp:
      returnExpectation = "Return reads 確定 (confirm) while composing and only confirms the text."
    case .markedText:
      returnExpectation =
        "Return confirms the text; even if it also reaches the app, the form is not submitted by it."
    }
    let values = [
      "build": build, "inputMethod": method.label, "keyboard": method.keyboard,
      "simulatorNote": deviceKind == .simulator
        ? "On the Simulator, I/O > Keyboard > Connect Hardware Keyboard is off (⇧⌘K), so the software keyboard shows."
        : "No hardware keyboard is connected to the device.",
      "field": field.label, "expect": expect, "typeSlowly": wording.typeSlowly,
      "typeAndConfirm": wording.typeAndConfirm, "confirmedLabel": wording.confirmedLabel,
      "returnStep": wording.returnStep, "afterReturnStep": wording.afterReturnStep,
      "returnNotSubmitted": wording.returnNotSubmitted, "buttonWhileComposing": wording.buttonWhileComposing,
      "afterCommit": describe(field, expect) + ".",
      "afterDelete": afterDelete.isEmpty
        ? "nothing"
        : afterDelete
          + (jamoDelete == nil
            ? ""
            : " (one jamo removed, as the engine does while the last syllable is composing; write in the "
              + "record whether your keyboard removed a jamo or the whole syllable)"),
      "afterDeleteState": describe(field, afterDelete) + ".", "composingExpectation": composingExpectation,
      "returnExpectation": returnExpectation,
    ]
    return ItemTexts(scenario, values)
  }

  /// A keyboard item of `scenario` for `cell`, with its texts
  /// (``keyboardTexts(_:deviceKind:method:field:build:wording:engineAfterDelete:)``).
  static func keyboardItem(
    _ scenario: Scenario, cell: Cell, device: MatrixFile.Device, method: Automation.Method, field: FieldSetup,
    texts: ItemTexts
  ) -> PlanItem {
    var id = "manual.ime.\(scenario.id).\(sanitized(device.id)).\(sanitized(cell.os)).\(sanitized(method.id))"
    id += ".\(sanitized(field.id))"
    id += freeDimensionSuffix(cell.extras)
    let extras = cell.extras.map { PlanItem.Pair(key: $0.key, value: $0.value.displayText) }
    let configuration = PlanItem.Configuration(
      device: DeviceID(rawValue: device.id), os: cell.os, inputMethod: InputMethodID(rawValue: method.id),
      keyboard: method.keyboard, field: FieldID(rawValue: field.id),
      extras: extras)
    return PlanItem(
      id: ItemID(rawValue: id), kind: .manual, channel: scenario.channel, scenario: scenario.id,
      scenarioVersion: scenario.version, configuration: configuration,
      title: "\(scenario.title) — \(device.name), iOS \(cell.os), \(method.label), \(field.label)",
      preconditions: texts.preconditions, steps: texts.steps, expected: texts.expected, record: texts.record,
      haptic: nil)
  }

  /// `no message, and the submit button is enabled` and the like, for `text` under the field's rule.
  static func describe(_ field: FieldSetup, _ text: String) -> String {
    let state = field.expectedState(for: text)
    if let message = state.message {
      return "the message \"\(message)\" is shown and the submit button is disabled"
    }
    return state.submitEnabled
      ? "no message, and the submit button is enabled" : "no message, and the submit button is disabled"
  }

  static func manualItem(
    _ id: String, _ scenario: Scenario, _ configuration: PlanItem.Configuration, title: String,
    values: [String: String]
  ) -> PlanItem {
    let texts = ItemTexts(scenario, values)
    return PlanItem(
      id: ItemID(rawValue: id), kind: .manual, channel: scenario.channel, scenario: scenario.id,
      scenarioVersion: scenario.version,
      configuration: configuration, title: title, preconditions: texts.preconditions, steps: texts.steps,
      expected: texts.expected, record: texts.record, haptic: nil)
  }

  // MARK: Ids and summary

  /// Letters, digits, `-`, `_` and `.` kept; anything else becomes `-`.
  package static func sanitized(_ text: String) -> String {
    // Ids and OS versions usually hold only kept characters, and are returned as they are.
    if !text.isEmpty,
      text.utf8.allSatisfy({ byte in
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
          true
        default: false
        }
      })
    {
      return text
    }
    let mapped = text.unicodeScalars.map { scalar -> Character in
      switch scalar {
      case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".": Character(scalar)
      default: "-"
      }
    }
    let result = String(mapped)
    return result.isEmpty ? "-" : result
  }

  /// Appends `.2`, `.3`, … to ids that repeat, in plan order.
  static func uniquified(_ items: [PlanItem]) -> [PlanItem] {
    var seen: Set<ItemID> = []
    return items.map { item in
      var item = item
      if !seen.insert(item.id).inserted {
        var number = 2
        while seen.contains(ItemID(rawValue: "\(item.id).\(number)")) { number += 1 }
        item.id = ItemID(rawValue: "\(item.id).\(number)")
        seen.insert(item.id)
      }
      return item
    }
  }

  static func summarize(_ items: [PlanItem], removed: Int) -> Summary {
    // One pass over the items: they are large values, so no filtered copies.
    var automated: [CheckID: Int] = [:]
    var manual: [CheckID: Int] = [:]
    var manualCount = 0
    var sessions: Set<SessionID?> = []
    for item in items {
      switch item.kind {
      case .automated: automated[item.scenario, default: 0] += 1
      case .manual:
        manual[item.scenario, default: 0] += 1
        manualCount += 1
        sessions.insert(item.configuration.session)
      }
    }
    func counts(_ perScenario: [CheckID: Int]) -> [PlanItem.Pair] {
      ScenarioCatalog.all.compactMap { scenario in
        perScenario[scenario.id].map { PlanItem.Pair(key: scenario.id.rawValue, value: String($0)) }
      }
    }
    return Summary(
      automatedItems: items.count - manualCount, manualItems: manualCount,
      deviceSessions: sessions.count, automatedPerScenario: counts(automated),
      manualPerScenario: counts(manual),
      removedCells: removed)
  }
}

extension Plan {
  /// Separators as `U+30FB`, in the order of docs/DOMAIN.md 5.2.
  static func spellings(_ separators: Set<Unicode.Scalar>) -> [String] {
    NamePolicies.dots.filter(separators.contains).map(NamePolicies.spelling)
  }
}
