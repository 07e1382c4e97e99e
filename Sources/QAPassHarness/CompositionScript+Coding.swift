/// A composition script in a pack file (format 4): a step's `marked` and `selection` are written
/// only where they differ from what its actions leave by `UITextInput`'s rules
/// (``CompositionStep/ranges(after:marked:selection:)``), from the ranges the step before left (the
/// first step starts in an empty field: no marked text, the caret at 0).
///
/// Most steps are a keystroke's `setMarkedText` or `insertText`, whose ranges follow from its text,
/// so most steps carry neither; a step whose ranges the actions do not settle (`deleteBackward`,
/// `replace`, `select`, app code assigning text) or whose reference field left others carries both,
/// `marked` as `null` when there is none. Reading gives back exactly the steps export built.
///
/// ```json
/// {"actions":[{"op":"setMarkedText","selection":{"length":0,"location":1},"text":"z"}],"expect":{},"label":"key 1 'z'"}
/// ```
extension CompositionScript {
  enum CodingKeys: String, CodingKey {
    case field, policies, continuesAfterFailure, steps
  }

  /// Decodes a script, deriving each step's ranges its file form leaves out.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    field = try container.decode(PackField.self, forKey: .field)
    policies = try container.decode(CompositionPolicies.self, forKey: .policies)
    continuesAfterFailure = try container.decode(Bool.self, forKey: .continuesAfterFailure)
    let written = try container.decode([WrittenStep].self, forKey: .steps)
    steps = []
    steps.reserveCapacity(written.count)
    var marked: PackRange?
    var selection = PackRange.caret(at: 0)
    for (index, file) in written.enumerated() {
      var step = file.step
      let derived = CompositionStep.ranges(after: step.actions, marked: marked, selection: selection)
      if !file.writesMarked {
        guard let derived else { throw Self.underived("marked", step: index + 1, in: container) }
        step.marked = derived.marked
      }
      if !file.writesSelection {
        guard let derived else { throw Self.underived("selection", step: index + 1, in: container) }
        step.selection = derived.selection
      }
      (marked, selection) = (step.marked, step.selection)
      steps.append(step)
    }
  }

  /// Encodes the script, leaving out each step's ranges where its actions give them.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(field, forKey: .field)
    try container.encode(policies, forKey: .policies)
    try container.encode(continuesAfterFailure, forKey: .continuesAfterFailure)
    var written: [WrittenStep] = []
    written.reserveCapacity(steps.count)
    var marked: PackRange?
    var selection = PackRange.caret(at: 0)
    for step in steps {
      let derived = CompositionStep.ranges(after: step.actions, marked: marked, selection: selection)
      written.append(
        WrittenStep(
          step: step, writesMarked: derived == nil || derived?.marked != step.marked,
          writesSelection: derived?.selection != step.selection))
      (marked, selection) = (step.marked, step.selection)
    }
    try container.encode(written, forKey: .steps)
  }

  static func underived(_ member: String, step: Int, in container: KeyedDecodingContainer<CodingKeys>)
    -> DecodingError
  {
    .dataCorruptedError(
      forKey: .steps, in: container,
      debugDescription:
        "step \(step) has no '\(member)', and its actions do not give it (only setMarkedText, unmarkText, "
        + "insertText, events and submissions do)")
  }

  /// A step as a pack file holds it: its ranges written, or left out for its actions to give.
  struct WrittenStep: Codable {
    var step: CompositionStep
    /// Whether `marked` is written (as `null` when there is no marked text) or left out.
    var writesMarked: Bool
    var writesSelection: Bool
  }
}

extension CompositionScript.WrittenStep {
  enum CodingKeys: String, CodingKey {
    case label, delayMilliseconds, actions, expect, marked, selection
  }

  /// Reads a step; a range left out is a placeholder until the script derives it.
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let selection = try container.decodeIfPresent(PackRange.self, forKey: .selection)
    let delay = try CompositionStep.delay(in: container, forKey: .delayMilliseconds)
    step = CompositionStep(
      label: try container.decode(String.self, forKey: .label),
      delayMilliseconds: delay,
      actions: try container.decode([FieldAction].self, forKey: .actions),
      expect: try container.decode(FieldExpectation.self, forKey: .expect),
      marked: try container.decodeIfPresent(PackRange.self, forKey: .marked),
      selection: selection ?? .caret(at: 0))
    writesMarked = container.contains(.marked)
    writesSelection = selection != nil
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(step.label, forKey: .label)
    try container.encodeIfPresent(step.delayMilliseconds, forKey: .delayMilliseconds)
    try container.encode(step.actions, forKey: .actions)
    try container.encode(step.expect, forKey: .expect)
    if writesMarked {
      if let marked = step.marked {
        try container.encode(marked, forKey: .marked)
      } else {
        try container.encodeNil(forKey: .marked)
      }
    }
    if writesSelection { try container.encode(step.selection, forKey: .selection) }
  }
}
