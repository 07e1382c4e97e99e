import TextFormats

/// The OpenAPI document of `qapass serve`, served at `/openapi.json`; `schemas/serve.openapi.json` is
/// this text (a test compares them).
///
/// Each shape the document repeats is made by one function (an operation, a decision route, its error
/// responses, a closed object, a non-blank string), so a new route is one entry of ``paths``.
enum OpenAPIDocument {
  static let text = document.rendered(trailingNewline: true)

  /// The whole document, members in the order it is written.
  static var document: JSONValue {
    [
      "openapi": "3.1.0",
      "info": [
        "title": "qapass serve",
        "version": "1",
        "description": .string(about),
      ],
      "servers": [["url": "/"]],
      "components": [
        "securitySchemes": [
          "token": [
            "type": "http", "scheme": "bearer", "description": "The per-pass token; required off loopback.",
          ]
        ],
        "responses": ["Error": response("A refusal or an error, as JSON.", schema: ref("Error"))],
        "schemas": schemas,
      ],
      "security": [[:], ["token": []]],
      "paths": paths,
    ]
  }

  private static let about =
    "The pass served by `qapass serve`: read its standing and record observations through the same use cases "
    + "as the qapass command line (the same records files, lock and validation). On a network address every "
    + "request needs the token qapass serve printed (`Authorization: Bearer TOKEN`, `?token=TOKEN`, or the "
    + "cookie a page opened with it keeps). The `Host` header must name the server and an `Origin`, when "
    + "sent, must be the server's; bodies are limited to 64 KiB and must be application/json."

  // MARK: - Paths

  /// Every operation, one entry a route.
  private static var paths: JSONValue {
    .object([
      get(
        "/api/version", "getVersion",
        "The revision of the files the pass served was made from: it changes once a change shows in the other "
          + "operations and the pages, within 2 s (cheap: poll it).",
        response(
          "The revision.", headers: ["ETag": ["schema": string()]],
          schema: closedObject(["revision": ["type": "string", "pattern": "^[0-9a-f]{16}$"]])),
        errors: reads),
      get(
        "/api/progress", "getProgress", "The verdict and the counts as `qapass pass` would compute them now.",
        response(
          "The verdict, its reasons, the counts and the progress by session and tester, as report.json has them.",
          schema: progress),
        errors: reads),
      get(
        "/api/items", "listItems", "The manual items with their status, in checklist order.",
        parameters: [
          query("session", string(), "Only this device session's items."),
          query("status", ref("Status"), "Only the items of this status."),
        ],
        response(
          "The items and the plan a record must be given under.",
          schema: closedObject(["plan": ref("PlanStamp"), "items": array(of: ref("Item"))])),
        errors: reads + [400]),
      get(
        "/api/items/{id}/history", "getItemHistory",
        "Every observation of one item, oldest first: source, build, keyboard identifier, tester, evidence.",
        parameters: [itemID],
        response(
          "The item and its observations.",
          schema: closedObject(["item": ref("Item"), "observations": array(of: ref("Observation"))])),
        errors: reads + [404]),
      get(
        "/api/report", "getReport",
        "report.json as `qapass report` would write it now (schemas/report.schema.json).",
        response(
          "The report.",
          schema: object(
            required: ["format", "verdict", "counts", "items"], ["format": ["const": "qapass-report/2"]])),
        errors: reads),
      post(
        "/api/observations", "recordObservation",
        "Records one observation through `qapass record`'s use case, stamped with the build, plan and "
          + "keyboard identifier in force.",
        description:
          "`build` and `plan` are what the client was given (getProgress's or listItems' `plan`): when the "
          + "build was bumped or the matrix re-planned since, nothing is recorded (409), so an answer is never "
          + "stamped with a build it was not given under. An item planned for a series of releases (`26.x`) "
          + "needs `os`, the exact release the device runs (`26.4.1`), as `qapass record` needs `--os` and the "
          + "HTML checklist its OS field; without it, or with an `os` that is not one release of the item's OS "
          + "(`26.x`, `27.0`), nothing is recorded: 422 `invalid_os` with `field` `os`. Other refusals of the "
          + "use case are 422 `invalid_observation`.",
        body: recordBody, response("Recorded.", schema: recorded), errors: writes + [409]),
      decision(
        "retire", "retireItem",
        "Retires the item's observations recorded so far: they no longer count (qapass retire).",
        about:
          "For a failure of an item a re-plan dropped, or a recording made in error; a result recorded later "
          + "counts again.",
        ["reason": nonBlank("Why (required).")]),
      decision(
        "waive", "waiveItem", "Waives the item's current failure until a day or a build (qapass waive).",
        about:
          "The failure does not reject the release while the waiver holds; the matrix's `decisions: "
          + "unwaivable` checks refuse waivers.",
        [
          "reason": nonBlank(),
          "approver": nonBlank("Who accepts the failure."),
          "expires": nonBlank("A day YYYY-MM-DD (through that day UTC) or a build (until it is under test)."),
        ]),
      decision(
        "defect", "defectItem", "Ties the item to defects in a tracker (qapass defect).",
        about: "The report links them through the matrix's `decisions: defect_url`.",
        [
          "defects": [
            "type": "array", "items": nonBlank(), "description": "The tracker's ids (at least one).",
            "minItems": 1,
          ]
        ]),
      post(
        "/api/carry", "carryResults",
        "Carries the latest results of the items a build bump does not affect to the build under test "
          + "(qapass carry).",
        description:
          "The items chosen by `checks`, `input_methods`, `devices` and `ids` (each kind given narrows, "
          + "several values of one kind widen; at least one is required) keep their latest result on "
          + "`from_build`, recorded for the build under test as carried, with who, when and why. The same "
          + "checks, records file, lock and audit lines as `qapass carry`; `by` and `reason` are required. A "
          + "refusal of the use case is 422 `invalid_decision` with its message.",
        body: carryBody, response("Carried.", schema: carried), errors: writes),
      get(
        "/openapi.json", "getOpenAPI", "This document.",
        response("The OpenAPI document.", schema: ["type": "object"]), errors: [401, 403]),
    ])
  }

  /// The refusals any read may answer: no token (401), a host or origin refused (403), the pass unreadable
  /// (503).
  private static let reads = [401, 403, 503]
  /// The refusals any write may answer besides a read's: a bad body (400), too large (413), not JSON (415),
  /// refused by the use case (422).
  private static let writes = reads + [400, 413, 415, 422]

  /// `POST /api/items/{id}/ACTION`: the decision `qapass ACTION` makes, with `by` and `fields` in its body;
  /// `about` opens its description, which goes on to say what every decision route shares.
  private static func decision(
    _ action: String, _ operationID: String, _ summary: String, about: String,
    _ fields: KeyValuePairs<String, JSONValue>
  ) -> (String, JSONValue) {
    post(
      "/api/items/{id}/\(action)", operationID, summary,
      description: about + " The same checks, decisions file, lock and audit line as `qapass \(action)`; "
        + "`by` is required (the server does not guess who decides). A refusal of the use case is 422 "
        + "`invalid_decision` with its message, or 404 `unknown_item` when the item is not the plan's.",
      parameters: [itemID], body: closedObject([("by", nonBlank())] + fields.map { ($0.key, $0.value) }),
      response("Decided.", schema: ref("Decision")), errors: writes + [404])
  }

  /// A `GET` operation at `path`.
  private static func get(
    _ path: String, _ operationID: String, _ summary: String, parameters: [JSONValue] = [],
    _ success: JSONValue, errors: [Int]
  ) -> (String, JSONValue) {
    (path, ["get": operation(operationID, summary, parameters: parameters, 200, success, errors: errors)])
  }

  /// A `POST` operation at `path` whose JSON `body` is required and whose success is 201.
  private static func post(
    _ path: String, _ operationID: String, _ summary: String, description: String,
    parameters: [JSONValue] = [], body: JSONValue, _ success: JSONValue, errors: [Int]
  ) -> (String, JSONValue) {
    let operation = operation(
      operationID, summary, description: description, parameters: parameters,
      body: ["required": true, "content": json(body)], 201, success, errors: errors)
    return (path, ["post": operation])
  }

  /// One operation: its `status` answers `success`; each of `errors`, in ascending order, the JSON error.
  private static func operation(
    _ operationID: String, _ summary: String, description: String? = nil, parameters: [JSONValue],
    body: JSONValue? = nil, _ status: Int, _ success: JSONValue, errors: [Int]
  ) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("operationId", .string(operationID)), ("summary", .string(summary)),
    ]
    if let description { members.append(("description", .string(description))) }
    if !parameters.isEmpty { members.append(("parameters", .array(parameters))) }
    if let body { members.append(("requestBody", body)) }
    let refusals = errors.sorted().map { (String($0), ["$ref": "#/components/responses/Error"] as JSONValue) }
    members.append(("responses", .object([(String(status), success)] + refusals)))
    return .object(members)
  }

  /// A response described by `description` with a JSON body of `schema`.
  private static func response(_ description: String, headers: JSONValue? = nil, schema: JSONValue)
    -> JSONValue
  {
    var members: [(String, JSONValue)] = [("description", .string(description))]
    if let headers { members.append(("headers", headers)) }
    members.append(("content", json(schema)))
    return .object(members)
  }

  /// A JSON content of `schema`.
  private static func json(_ schema: JSONValue) -> JSONValue { ["application/json": ["schema": schema]] }

  /// The `{id}` path parameter: an item's id.
  private static let itemID: JSONValue = ["name": "id", "in": "path", "required": true, "schema": string()]

  /// An optional query parameter.
  private static func query(_ name: String, _ schema: JSONValue, _ description: String) -> JSONValue {
    [
      "name": .string(name), "in": "query", "required": false, "schema": schema,
      "description": .string(description),
    ]
  }

  // MARK: - Bodies

  /// What `/api/progress` answers.
  private static var progress: JSONValue {
    closedObject([
      "plan": object(
        required: ["name", "path", "build", "fingerprint"],
        ["name": string(), "path": string(), "build": nullable("string"), "fingerprint": string()]),
      "verdict": ["type": "string", "enum": ["ACCEPTED", "REJECTED", "INCOMPLETE"]],
      "reasons": array(of: string()),
      "files_in_error": array(of: ["type": "object"]),
      "counts": object(required: ["automated", "manual"]),
      "progress": object(required: ["sessions", "testers"]),
    ])
  }

  /// A result a tester records.
  private static let result: JSONValue = ["type": "string", "enum": ["pass", "fail", "blocked", "skipped"]]

  /// What `recordObservation` takes.
  private static var recordBody: JSONValue {
    closedObject(
      [
        "item": string("A manual item's id."),
        "result": result,
        "tester": string(),
        "note": string(),
        "reason": string("Why the item is blocked (required for blocked, or a note)."),
        "os": string(
          "The exact OS release the device runs, a release of the item's OS (`26.4.1` for `26.x`); required "
            + "when the item's OS is a series of releases (`26.x`), optional when it is one release (`26.1`)."
        ),
        "evidence": array(of: string()),
        "felt": [
          "type": "object", "additionalProperties": string(),
          "description": #"Haptic parameters as felt, such as {"intensity": "0.8"}."#,
        ],
        "build": nullable("string"),
        "plan": string(),
      ], required: ["item", "result", "tester", "build", "plan"])
  }

  /// What `recordObservation` answers.
  private static var recorded: JSONValue {
    closedObject([
      "id": string(), "result": result, "tester": string(), "time": nullable("string"),
      "build": nullable("string"), "plan": string(), "keyboard": nullable("string"), "os": string(),
      "revision": string(),
    ])
  }

  /// What `carryResults` takes.
  private static var carryBody: JSONValue {
    closedObject(
      [
        "by": nonBlank(),
        "reason": nonBlank(),
        "from_build": nonBlank("The build the results were tested on."),
        "checks": array(of: nonBlank()),
        "input_methods": array(of: nonBlank()),
        "devices": array(of: nonBlank()),
        "ids": array(of: nonBlank()),
      ], required: ["by", "reason", "from_build"])
  }

  /// What `carryResults` answers.
  private static var carried: JSONValue {
    closedObject([
      "carried": array(
        of: closedObject(["item": string(), "result": string(), "build": nullable("string")])),
      "tested_already": array(
        of: string(), "Items chosen that have a current result on the build under test already."),
      "nothing_to_carry": array(of: string(), "Items chosen with no result on the build carried from."),
      "revision": string(),
    ])
  }

  // MARK: - Schemas

  /// `components.schemas`: the shapes operations refer to by name.
  private static var schemas: JSONValue {
    [
      "Error": closedObject(
        [
          "status": ["type": "integer"],
          "error": string(
            "A stable code: host_not_allowed, origin_not_allowed, token_required, json_required, body_too_large, "
              + "bad_request, bad_query, not_found, method_not_allowed, unknown_item, invalid_observation, "
              + "invalid_os, invalid_decision, plan_changed, pass_unreadable."),
          "message": string(),
          "field": string(
            "The request body's field the refusal is about, when it is one field (`os` for invalid_os)."),
        ], required: ["status", "error", "message"]),
      "Status": ["type": "string", "enum": ["pass", "fail", "blocked", "skipped", "untested", "stale"]],
      "PlanStamp": closedObject([
        "build": nullable("string", "The build under test; null when the matrix names none."),
        "fingerprint": string("The plan's fingerprint."),
      ]),
      "Item": item,
      "Observation": observation,
      "Decision": decisionSchema,
    ]
  }

  private static var item: JSONValue {
    closedObject([
      "id": string(),
      "number": nullable("integer", "The item's number in its session's checklist."),
      "session": string(),
      "title": string(),
      "status": ref("Status"),
      "keyboard": nullable("string", "The iOS keyboard identifier the item is tested with."),
      "input_method": nullable("string"),
      "stale": array(of: string(), "Why the deciding observation no longer counts."),
      "note": nullable("string"),
      "tester": nullable("string"),
    ])
  }

  private static var observation: JSONValue {
    closedObject([
      "result": ref("Status"),
      "tester": string(),
      "time": nullable("string"),
      "build": nullable("string"),
      "device": string(),
      "os": string(),
      "keyboard": nullable("string"),
      "text_version": ["type": "integer"],
      "note": nullable("string"),
      "evidence": array(of: string()),
      "source": string("The observation file and line it was read from."),
      "stale": array(of: string()),
      "deciding": ["type": "boolean", "description": "Whether it decides the item's status."],
    ])
  }

  private static var decisionSchema: JSONValue {
    closedObject([
      "action": ["type": "string", "enum": ["retire", "waive", "defect"]],
      "item": string(
        "The item's id (an id from before a rename the matrix declares names the item as it is now)."),
      "by": string(),
      "time": string(),
      "reason": nullable("string"),
      "approver": nullable("string"),
      "expires": nullable("string", "A day YYYY-MM-DD or a build."),
      "defects": array(of: string()),
      "revision": string("The revision of the pass's files after the decision."),
    ])
  }

  // MARK: - Shapes

  /// A reference to the schema `name` of `components.schemas`.
  private static func ref(_ name: String) -> JSONValue { ["$ref": .string("#/components/schemas/\(name)")] }

  /// An object with no key outside `properties`, which must have `required` (all of `properties` when `nil`).
  private static func closedObject(
    _ properties: KeyValuePairs<String, JSONValue>, required: [String]? = nil
  ) -> JSONValue {
    closedObject(properties.map { ($0.key, $0.value) }, required: required)
  }

  private static func closedObject(_ properties: [(String, JSONValue)], required: [String]? = nil)
    -> JSONValue
  {
    [
      "type": "object",
      "additionalProperties": false,
      "required": .strings(required ?? properties.map(\.0)),
      "properties": .object(properties),
    ]
  }

  /// An object that must have `required` and may have other keys; `properties` describes some of them.
  private static func object(
    required: [String], _ properties: KeyValuePairs<String, JSONValue> = [:]
  ) -> JSONValue {
    var members: [(String, JSONValue)] = [("type", "object"), ("required", .strings(required))]
    if !properties.isEmpty { members.append(("properties", .object(properties.map { ($0.key, $0.value) }))) }
    return .object(members)
  }

  /// A string, with `description` when given.
  private static func string(_ description: String? = nil) -> JSONValue {
    described(["type": "string"], description)
  }

  /// A string that is not empty nor only white space.
  private static func nonBlank(_ description: String? = nil) -> JSONValue {
    described(["type": "string", "minLength": 1, "pattern": #"\S"#], description)
  }

  /// A value of `type` or `null`.
  private static func nullable(_ type: String, _ description: String? = nil) -> JSONValue {
    described(["type": [.string(type), "null"]], description)
  }

  /// An array of `items`.
  private static func array(of items: JSONValue, _ description: String? = nil) -> JSONValue {
    described(["type": "array", "items": items], description)
  }

  /// `schema` with `description` last, when given.
  private static func described(_ schema: JSONValue, _ description: String?) -> JSONValue {
    guard let description, case .object(let members) = schema else { return schema }
    return .object(members + [("description", .string(description))])
  }
}
