import Observations
import QAModel
import QAPassWorkflow
import TextFormats

extension PassService {
  /// The decisions a page or a script may make about an item, each the operation of one command:
  /// `retireItem` (`qapass retire`), `waiveItem` (`qapass waive`), `defectItem` (`qapass defect`).
  static let decisionActions: [String: Decision.Action] = [
    "retire": .retire, "waive": .waive, "defect": .defect,
  ]

  /// `retireItem`, `waiveItem`, `defectItem`: one decision about item `id`, through the use case its
  /// command calls (the same checks, decisions file, lock and audit line).
  ///
  /// The body gives `by` (required: the server does not guess who decides), and as the command asks
  /// for them `reason`, `approver`, `expires` and `defects`. What the use case refuses is 422, or 404
  /// when the item is not one of the plan's.
  func decide(_ action: Decision.Action, item id: String, _ request: HTTPRequest) throws -> HTTPResponse {
    let body = try JSONBody(request.body, keys: ["by", "reason", "approver", "expires", "defects"])
    var inputs = Workflow.DecisionInputs(source: self.inputs.source, item: id, origin: Self.origin)
    inputs.observations = self.inputs.observations
    inputs.address = request.client
    inputs.by = try body.string("by", required: true)
    inputs.reason = try body.string("reason")
    inputs.approver = try body.string("approver")
    inputs.expires = try body.string("expires")
    inputs.defects = try body.strings("defects")
    let decision: Decision
    let revision: String
    do {
      (decision, revision) = try write {
        switch action {
        case .retire: (try workflow.retire(inputs).value, workflow.passRevision(self.inputs))
        case .waive: (try workflow.waive(inputs).value, workflow.passRevision(self.inputs))
        case .defect: (try workflow.defect(inputs).value, workflow.passRevision(self.inputs))
        }
      }
    } catch let error as UsageError {
      // A decision about an item the plan does not have is about nothing the server serves.
      let known = (try? served())?.standing.ingest.outcome(ItemID(rawValue: id)) != nil
      throw Refusal(known ? 422 : 404, known ? "invalid_decision" : "unknown_item", error.message)
    }
    logLine("\(action.rawValue) \(decision.itemID) by \(decision.by) from \(request.client)\n")
    return .json(
      .object([
        ("action", .string(decision.action.rawValue)),
        ("item", .string(decision.itemID.rawValue)),
        ("by", .string(decision.by)),
        ("time", .string(decision.time.text)),
        ("reason", .optional(decision.reason)),
        ("approver", .optional(decision.approver)),
        ("expires", .optional(decision.expiry.map(Self.expiryText))),
        ("defects", .strings(decision.defects)),
        ("revision", .string(revision)),
      ]), status: 201)
  }

  /// `carryResults`: `qapass carry`'s use case: the latest results of the items chosen on an earlier
  /// build, recorded for the build under test as carried.
  func carry(_ request: HTTPRequest) throws -> HTTPResponse {
    let body = try JSONBody(
      request.body, keys: ["by", "reason", "from_build", "checks", "input_methods", "devices", "ids"])
    var inputs = Workflow.CarryInputs(
      source: self.inputs.source, fromBuild: try body.string("from_build", required: true) ?? "")
    inputs.observations = self.inputs.observations
    inputs.origin = Self.origin
    inputs.address = request.client
    inputs.by = try body.string("by", required: true)
    inputs.reason = try body.string("reason")
    inputs.checks = try body.strings("checks")
    inputs.inputMethods = try body.strings("input_methods")
    inputs.devices = try body.strings("devices")
    inputs.ids = try body.strings("ids")
    let carried: Workflow.Carried
    let revision: String
    do {
      (carried, revision) = try write {
        (try workflow.carry(inputs).value, workflow.passRevision(self.inputs))
      }
    } catch let error as UsageError {
      throw Refusal(422, "invalid_decision", error.message)
    }
    logLine("carried \(carried.observations.count) results from \(inputs.fromBuild) from \(request.client)\n")
    return .json(
      .object([
        (
          "carried",
          .array(
            carried.observations.map { observation in
              .object([
                ("item", .string(observation.itemID.rawValue)),
                ("result", .string(observation.result.rawValue)),
                ("build", .optional(observation.build)),
              ])
            })
        ),
        ("tested_already", .strings(carried.testedAlready.map(\.rawValue))),
        ("nothing_to_carry", .strings(carried.nothingToCarry.map(\.rawValue))),
        ("revision", .string(revision)),
      ]), status: 201)
  }

  /// What the audit log says a write came from (its `address` is the client's).
  static let origin = "qapass serve"

  /// `2026-12-24`, or the build a waiver expires at.
  static func expiryText(_ expiry: Decision.Expiry) -> String {
    switch expiry {
    case .date(let day): day
    case .build(let build): build
    }
  }
}
