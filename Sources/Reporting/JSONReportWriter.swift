import AcceptanceCore
import Observations
import QAModel
import QAPassHarness
import ScenarioEngine
import TextFormats

/// Writes `report.json`: the whole report with keys in a fixed order, for tools and dashboards.
///
/// The top-level `format` is `qapass-report/2`; consumers should check it. `schemas/report.schema.json`
/// (JSON Schema 2020-12) describes every key. Keys are snake_case; times are ISO 8601 UTC or `null`;
/// counts and percentages are numbers; items and grid cells use one outcome vocabulary (`pass`,
/// `fail`, …). `qapass run --json` writes the same document with `"scope": "run"` and only the
/// automated items.
package struct JSONReportWriter: ReportWriter {
  package static let identifier = "json"
  package static let description = "report.json: the whole report as JSON (schemas/report.schema.json)"

  /// Creates the writer.
  package init() {}

  package func write(_ report: AcceptanceReport) -> [OutputFile] {
    [OutputFile(path: "report.json", contents: Self.json(report).rendered(trailingNewline: true))]
  }

  /// The report as a JSON value; with `members`, only those top-level members, in the same order and
  /// with the same values (`getProgress` takes a few and makes nothing of the rest, such as the items).
  package static func json(_ report: AcceptanceReport, members: Set<String>? = nil) -> JSONValue {
    let all: [(String, () -> JSONValue)] = [
      ("format", { .string(format) }),
      ("scope", { .string(report.scope.rawValue) }),
      (
        "plan",
        {
          .object([
            ("name", .string(report.planName)), ("path", .string(report.planPath)),
            ("build", .optional(report.build)), ("fingerprint", .string(report.planFingerprint)),
          ])
        }
      ),
      ("generated_at", { .optional(report.generatedAt) }),
      ("generated_from", { .string(report.generatedFrom.rawValue) }),
      ("subject", { .string(report.subject) }),
      ("subjects", { .array(report.subjects.map(subject)) }),
      ("required_subjects", { requiredSubjects(report) }),
      ("verdict", { .string(report.verdict.rawValue) }),
      ("reasons", { .strings(report.reasons) }),
      (
        "files_in_error",
        {
          .array(
            report.filesInError.map {
              .object([
                ("path", .string($0.path)), ("errors", .int($0.errors)),
                ("first_error", .string($0.firstError)),
              ])
            })
        }
      ),
      (
        "unplanned_observations",
        {
          .array(
            report.unplannedObservations.map {
              .object([
                ("id", .string($0.id.rawValue)), ("result", .string($0.result.rawValue)),
                ("tester", $0.tester.map(JSONValue.string) ?? .null), ("path", .string($0.path)),
                ("line", .int($0.location.line)), ("column", .int($0.location.column)),
                ("hint", .string(MarkdownReportWriter.suggestion($0.hint))),
              ])
            })
        }
      ),
      ("unfinished_jobs", { .array(report.unfinishedJobs.map(unfinishedJob)) }),
      ("app_test_runs", { .array(report.appTestRuns.map(appTestRun)) }),
      (
        "retired_observations",
        {
          .array(
            report.retired.map {
              .object([
                ("id", .string($0.id.rawValue)), ("result", .optional($0.result?.rawValue)),
                ("tester", .optional($0.tester)), ("path", .string($0.path)),
                ("line", .int($0.location.line)),
                ("retired_by", .string($0.retirement.by)), ("retired_at", .string($0.retirement.time.text)),
                ("reason", .optional($0.retirement.reason)),
              ])
            })
        }
      ),
      ("counts", { counts(report) }),
      ("since_previous", { report.changes.map(changes) ?? .null }),
      ("progress", { progress(report) }),
      ("checks", { .array(report.checks.map(check)) }),
      ("grids", { .array([grid(report.compositionGrid), grid(report.hapticsGrid)]) }),
      ("divergences", { .array(report.divergences.map(divergence)) }),
      ("pair_coverage", { pairCoverage(report.pairCoverage) }),
      (
        "removed_cells",
        {
          .array(
            report.removedCells.map { cell in
              .object([
                ("combination", .object(cell.combination.map { ($0.key, .string($0.value)) })),
                ("reason", .string(cell.reason)),
              ])
            })
        }
      ),
      ("items", { .array(report.items.map(item)) }),
      ("notes", { .strings(report.notes) }),
    ]
    return .object(all.compactMap { name, value in members?.contains(name) == false ? nil : (name, value()) })
  }

  /// The `format` value.
  package static let format = "qapass-report/2"

  static func changes(_ changes: ReportChanges) -> JSONValue {
    func list(_ entries: [ReportChanges.Change]) -> JSONValue {
      .array(
        entries.map { change in
          var members: [(String, JSONValue)] = [
            ("id", .string(change.id.rawValue)), ("subject", .optional(change.subject)),
            ("was", .optional(change.formerID?.rawValue)),
            ("before", .optional(change.before?.rawValue)), ("after", .string(change.after.rawValue)),
          ]
          if !change.newlyFailingTexts.isEmpty {
            members.append(("newly_failing_texts", .strings(change.newlyFailingTexts)))
          }
          return .object(members)
        })
    }
    return .object([
      ("previous_path", .string(changes.previousPath)),
      ("previous_generated_at", .optional(changes.previousGeneratedAt)),
      ("previous_verdict", .optional(changes.previousVerdict?.rawValue)),
      (
        "counts",
        .object([
          ("newly_failing", .int(changes.newlyFailing.count)), ("fixed", .int(changes.fixed.count)),
          ("still_failing", .int(changes.stillFailing.count)),
          ("newly_untested", .int(changes.newlyUntested.count)), ("new_items", .int(changes.newItems)),
          ("renamed_items", .int(changes.renamedItems)), ("removed_items", .int(changes.removedItems)),
        ])
      ),
      ("newly_failing", list(changes.newlyFailing)), ("fixed", list(changes.fixed)),
      ("still_failing", list(changes.stillFailing)), ("newly_untested", list(changes.newlyUntested)),
      (
        "removed",
        .array(
          changes.removed.map {
            .object([("id", .string($0.id.rawValue)), ("outcome", .string($0.outcome.rawValue))])
          })
      ),
      ("defects_still_open", .strings(changes.defectsStillOpen)),
    ])
  }

  static func progress(_ report: AcceptanceReport) -> JSONValue {
    .object([
      (
        "sessions",
        .array(
          report.sessions.map { session in
            .object([
              ("session", .string(session.session.description)), ("device", .string(session.device)),
              ("os", .string(session.os)), ("checklist", .optional(session.checklist)),
              ("done", .int(session.done)), ("total", .int(session.total)),
              ("counts", outcomeCounts(session.counts)),
              ("first_observation", .optional(session.firstObservation?.text)),
              ("last_observation", .optional(session.lastObservation?.text)),
              ("span_seconds", session.spanSeconds.map(JSONValue.int) ?? .null),
            ])
          })
      ),
      (
        "testers",
        .array(
          report.testers.map { tester in
            .object([
              ("tester", .string(tester.tester)), ("done", .int(tester.done)),
              ("counts", outcomeCounts(tester.counts)),
              ("sessions", .strings(tester.sessions.map(\.description))),
              ("assigned_sessions", .strings(tester.assignedSessions.map(\.description))),
              ("assigned_items", .int(tester.assignedItems)), ("assigned_done", .int(tester.assignedDone)),
              ("first_observation", .optional(tester.firstObservation?.text)),
              ("last_observation", .optional(tester.lastObservation?.text)),
              ("span_seconds", tester.spanSeconds.map(JSONValue.int) ?? .null),
            ])
          })
      ),
    ])
  }

  static func counts(_ report: AcceptanceReport) -> JSONValue {
    .object([
      ("automated", outcomeCounts(OutcomeCounts(report.items.filter { $0.kind == .automated }))),
      ("manual", outcomeCounts(OutcomeCounts(report.items.filter { $0.kind == .manual }))),
      ("manual_carried", outcomeCounts(OutcomeCounts(report.carried))),
      ("waived", .int(report.waived.count)),
    ])
  }

  static func outcomeCounts(_ counts: OutcomeCounts) -> JSONValue {
    .object([("total", .int(counts.total))] + Outcome.allCases.map { ($0.rawValue, .int(counts[$0])) })
  }

  static func check(_ check: CheckSummary) -> JSONValue {
    .object([
      ("id", .string(check.id.rawValue)), ("channel", .string(check.channel.rawValue)),
      ("title", .string(check.title)),
      ("automated", outcomeCounts(check.automated)),
      ("manual_scenario", .optional(check.manualScenario?.rawValue)),
      ("manual", outcomeCounts(check.manual)),
    ])
  }

  static func grid(_ grid: CoverageGrid) -> JSONValue {
    .object([
      ("title", .string(grid.title)), ("rows_are", .string(grid.rowName)),
      ("columns_are", .string(grid.columnName)),
      ("rows", .strings(grid.rows.map(\.id))), ("columns", .strings(grid.columns.map(\.id))),
      (
        "cells",
        .array(
          grid.cells.map { row in
            .array(
              row.map { cell in
                .object([
                  ("status", .string(cell.status.spelling)), ("manual_items", .int(cell.manualItems)),
                  ("manual_passes", .int(cell.manualPasses)), ("manual_failures", .int(cell.manualFailures)),
                  ("core", .optional(cell.core?.spelling)),
                ])
              })
          })
      ),
    ])
  }

  static func configuration(_ configuration: PlanItem.Configuration) -> JSONValue {
    .object(configuration.pairs.map { ($0.key, .string($0.value)) })
  }

  static func divergence(_ divergence: Divergence) -> JSONValue {
    .object([
      ("item", .string(divergence.itemID.rawValue)), ("scenario", .string(divergence.scenario.rawValue)),
      ("configuration", configuration(divergence.configuration)),
      ("core_checks", .strings(divergence.coreChecks.map(\.rawValue))),
      ("core_passes", .int(divergence.corePasses)),
      ("observation", divergence.observation.map(observation) ?? .null),
    ])
  }

  static func pairCoverage(_ coverage: PairCoverage) -> JSONValue {
    .object([
      ("dimensions", .strings(coverage.dimensions)), ("planned_cells", .int(coverage.plannedCells)),
      ("executed_cells", .int(coverage.executedCells)), ("covered", .int(coverage.covered)),
      ("coverable", .int(coverage.coverable)),
      (
        "percent",
        .decimal(
          coverage.coverable == 0 ? 100 : Double(coverage.covered) * 100 / Double(coverage.coverable),
          fractionDigits: 1)
      ),
      (
        "per_dimension_pair",
        .array(
          coverage.perDimensionPair.map {
            .object([
              ("pair", .string($0.label)), ("covered", .int($0.covered)), ("coverable", .int($0.coverable)),
            ])
          })
      ),
      (
        "missing",
        .array(
          coverage.missing.map {
            .object([
              ($0.firstDimension, .string($0.firstValue)), ($0.secondDimension, .string($0.secondValue)),
            ])
          })
      ),
      (
        "next_sessions",
        .array(
          coverage.nextSessions.map {
            .object([("device", .string($0.device)), ("os", .string($0.os)), ("closes", .int($0.closes))])
          })
      ),
    ])
  }

  static func observation(_ observation: Observation) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("result", .string(observation.result.rawValue)), ("tester", .string(observation.tester)),
      ("time", .string(observation.timeText)), ("device", .string(observation.device.rawValue)),
      ("os", .string(observation.os)),
      ("build", .optional(observation.build)), ("note", .optional(observation.note)),
      ("evidence", .strings(observation.evidence)),
      ("attachments", .strings(observation.attachments)),
      (
        "carried",
        observation.carried.map {
          .object([
            ("from_build", .string($0.fromBuild)), ("by", .string($0.by)), ("at", .string($0.time.text)),
            ("reason", .string($0.reason)),
          ])
        } ?? .null
      ),
    ]
    if observation.hapticFingerprint != nil || !observation.hapticParameters.isEmpty {
      members.append(("haptic_fingerprint", .optional(observation.hapticFingerprint)))
      members.append(
        ("haptic_parameters", .object(observation.hapticParametersByName.map { ($0.key, .string($0.value)) }))
      )
    }
    return .object(members)
  }

  /// Each text of an item that judges several (`p2`): the text, its outcome, and its problems.
  static func texts(_ texts: [TextResult]) -> JSONValue {
    .array(
      texts.map { result in
        .object([
          ("text", .string(result.text)), ("outcome", .string(result.status.rawValue)),
          ("problems", .strings(result.failures.map(\.description))),
        ])
      })
  }

  static func range(_ range: TextRange) -> JSONValue {
    .object([("location", .int(range.location)), ("length", .int(range.length))])
  }

  static func step(_ step: DriverStep) -> JSONValue {
    .object([
      ("action", .string(step.action)), ("text", .string(step.text)),
      ("marked_range", step.markedRange.map(range) ?? .null),
      ("selection", range(step.selection)),
      ("events", .strings(step.events.map(\.rawValue))), ("message", .optional(step.message)),
      ("submit_enabled", .bool(step.isSubmitEnabled)), ("phase", .string(step.phase.rawValue)),
      ("submit_outcome", .optional(step.submitOutcome?.label)),
      ("invariant_violations", .strings(step.invariantViolations.map(\.description))),
    ])
  }

  static func item(_ item: ReportItem) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("id", .string(item.id.rawValue)), ("kind", .string(item.kind.rawValue)),
      ("channel", .string(item.channel.rawValue)),
      ("scenario", .string(item.scenario.rawValue)), ("scenario_version", .int(item.scenarioVersion)),
      ("configuration", configuration(item.configuration)), ("outcome", .string(item.outcome.rawValue)),
      (
        "junit",
        .object([
          ("classname", .string(JUnitReportWriter.classname(item))), ("name", .string(item.id.rawValue)),
        ])
      ),
    ]
    members.append(
      (
        "defects",
        .array(item.defects.map { .object([("id", .string($0.id)), ("url", .optional($0.url))]) })
      ))
    if item.kind == .automated {
      members.append(("implementation", .string(item.implementation)))
      members.append(("problems", .strings(item.problems)))
      if !item.texts.isEmpty { members.append(("texts", texts(item.texts))) }
      if !item.steps.isEmpty { members.append(("steps", .array(item.steps.map(step)))) }
      if !item.hapticLog.isEmpty { members.append(("haptic_log", .strings(item.hapticLog))) }
    } else {
      members.append(("checklist", .optional(item.checklist)))
      members.append(("expected", .strings(item.expected)))
      members.append(("observation", item.observation.map(observation) ?? .null))
      if !item.attachmentLinks.isEmpty {
        members.append(("attachment_links", .strings(item.attachmentLinks)))
      }
      if let waiver = item.waiver {
        let decision = waiver.decision
        members.append(
          (
            "waiver",
            .object([
              ("status", .string(waiver.status.rawValue)), ("reason", .optional(decision.reason)),
              ("approver", .optional(decision.approver)),
              ("expires", .optional(decision.expiry?.description)),
              ("by", .string(decision.by)), ("at", .string(decision.time.text)),
            ])
          ))
      }
      if let reason = item.staleReasonText { members.append(("stale_reason", .string(reason))) }
      if let reason = item.blockedReason { members.append(("blocked_reason", .string(reason))) }
      if !item.conflicts.isEmpty { members.append(("conflicts", .strings(item.conflicts.map(\.summary)))) }
      if item.fixedOnRetest { members.append(("fixed_on_retest", .bool(true))) }
      if !item.superseded.isEmpty { members.append(("superseded", .strings(item.superseded.map(\.summary)))) }
    }
    return .object(members)
  }
}
