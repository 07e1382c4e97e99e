/// The OpenAPI document of `qapass serve`, served at `/openapi.json`; `schemas/serve.openapi.json` is
/// this text (a test compares them).
enum OpenAPIDocument {
  static let text = #"""
    {
      "openapi": "3.1.0",
      "info": {
        "title": "qapass serve",
        "version": "1",
        "description": "The pass served by `qapass serve`: read its standing and record observations through the same use cases as the qapass command line (the same records files, lock and validation). On a network address every request needs the token qapass serve printed (`Authorization: Bearer TOKEN`, `?token=TOKEN`, or the cookie a page opened with it keeps). The `Host` header must name the server and an `Origin`, when sent, must be the server's; bodies are limited to 64 KiB and must be application/json."
      },
      "servers": [
        {
          "url": "/"
        }
      ],
      "components": {
        "securitySchemes": {
          "token": {
            "type": "http",
            "scheme": "bearer",
            "description": "The per-pass token; required off loopback."
          }
        },
        "responses": {
          "Error": {
            "description": "A refusal or an error, as JSON.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        },
        "schemas": {
          "Error": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "status",
              "error",
              "message"
            ],
            "properties": {
              "status": {
                "type": "integer"
              },
              "error": {
                "type": "string",
                "description": "A stable code: host_not_allowed, origin_not_allowed, token_required, json_required, body_too_large, bad_request, bad_query, not_found, method_not_allowed, unknown_item, invalid_observation, invalid_os, invalid_decision, plan_changed, pass_unreadable."
              },
              "message": {
                "type": "string"
              },
              "field": {
                "type": "string",
                "description": "The request body's field the refusal is about, when it is one field (`os` for invalid_os)."
              }
            }
          },
          "Status": {
            "type": "string",
            "enum": [
              "pass",
              "fail",
              "blocked",
              "skipped",
              "untested",
              "stale"
            ]
          },
          "PlanStamp": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "build",
              "fingerprint"
            ],
            "properties": {
              "build": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "The build under test; null when the matrix names none."
              },
              "fingerprint": {
                "type": "string",
                "description": "The plan's fingerprint."
              }
            }
          },
          "Item": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "id",
              "number",
              "session",
              "title",
              "status",
              "keyboard",
              "input_method",
              "stale",
              "note",
              "tester"
            ],
            "properties": {
              "id": {
                "type": "string"
              },
              "number": {
                "type": [
                  "integer",
                  "null"
                ],
                "description": "The item's number in its session's checklist."
              },
              "session": {
                "type": "string"
              },
              "title": {
                "type": "string"
              },
              "status": {
                "$ref": "#/components/schemas/Status"
              },
              "keyboard": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "The iOS keyboard identifier the item is tested with."
              },
              "input_method": {
                "type": [
                  "string",
                  "null"
                ]
              },
              "stale": {
                "type": "array",
                "items": {
                  "type": "string"
                },
                "description": "Why the deciding observation no longer counts."
              },
              "note": {
                "type": [
                  "string",
                  "null"
                ]
              },
              "tester": {
                "type": [
                  "string",
                  "null"
                ]
              }
            }
          },
          "Observation": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "result",
              "tester",
              "time",
              "build",
              "device",
              "os",
              "keyboard",
              "text_version",
              "note",
              "evidence",
              "source",
              "stale",
              "deciding"
            ],
            "properties": {
              "result": {
                "$ref": "#/components/schemas/Status"
              },
              "tester": {
                "type": "string"
              },
              "time": {
                "type": [
                  "string",
                  "null"
                ]
              },
              "build": {
                "type": [
                  "string",
                  "null"
                ]
              },
              "device": {
                "type": "string"
              },
              "os": {
                "type": "string"
              },
              "keyboard": {
                "type": [
                  "string",
                  "null"
                ]
              },
              "text_version": {
                "type": "integer"
              },
              "note": {
                "type": [
                  "string",
                  "null"
                ]
              },
              "evidence": {
                "type": "array",
                "items": {
                  "type": "string"
                }
              },
              "source": {
                "type": "string",
                "description": "The observation file and line it was read from."
              },
              "stale": {
                "type": "array",
                "items": {
                  "type": "string"
                }
              },
              "deciding": {
                "type": "boolean",
                "description": "Whether it decides the item's status."
              }
            }
          },
          "Decision": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "action",
              "item",
              "by",
              "time",
              "reason",
              "approver",
              "expires",
              "defects",
              "revision"
            ],
            "properties": {
              "action": {
                "type": "string",
                "enum": [
                  "retire",
                  "waive",
                  "defect"
                ]
              },
              "item": {
                "type": "string",
                "description": "The item's id (an id from before a rename the matrix declares names the item as it is now)."
              },
              "by": {
                "type": "string"
              },
              "time": {
                "type": "string"
              },
              "reason": {
                "type": [
                  "string",
                  "null"
                ]
              },
              "approver": {
                "type": [
                  "string",
                  "null"
                ]
              },
              "expires": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "A day YYYY-MM-DD or a build."
              },
              "defects": {
                "type": "array",
                "items": {
                  "type": "string"
                }
              },
              "revision": {
                "type": "string",
                "description": "The revision of the pass's files after the decision."
              }
            }
          }
        }
      },
      "security": [
        {},
        {
          "token": []
        }
      ],
      "paths": {
        "/api/version": {
          "get": {
            "operationId": "getVersion",
            "summary": "A revision that changes whenever a file of the pass changes (cheap: poll it).",
            "responses": {
              "200": {
                "description": "The revision.",
                "headers": {
                  "ETag": {
                    "schema": {
                      "type": "string"
                    }
                  }
                },
                "content": {
                  "application/json": {
                    "schema": {
                      "type": "object",
                      "additionalProperties": false,
                      "required": [
                        "revision"
                      ],
                      "properties": {
                        "revision": {
                          "type": "string",
                          "pattern": "^[0-9a-f]{16}$"
                        }
                      }
                    }
                  }
                }
              },
              "401": {
                "$ref": "#/components/responses/Error"
              },
              "403": {
                "$ref": "#/components/responses/Error"
              },
              "503": {
                "$ref": "#/components/responses/Error"
              }
            }
          }
        },
        "/api/progress": {
          "get": {
            "operationId": "getProgress",
            "summary": "The verdict and the counts as `qapass pass` would compute them now.",
            "responses": {
              "200": {
                "description": "The verdict, its reasons, the counts and the progress by session and tester, as report.json has them.",
                "content": {
                  "application/json": {
                    "schema": {
                      "type": "object",
                      "additionalProperties": false,
                      "required": [
                        "plan",
                        "verdict",
                        "reasons",
                        "files_in_error",
                        "counts",
                        "progress"
                      ],
                      "properties": {
                        "plan": {
                          "type": "object",
                          "required": [
                            "name",
                            "path",
                            "build",
                            "fingerprint"
                          ],
                          "properties": {
                            "name": {
                              "type": "string"
                            },
                            "path": {
                              "type": "string"
                            },
                            "build": {
                              "type": [
                                "string",
                                "null"
                              ]
                            },
                            "fingerprint": {
                              "type": "string"
                            }
                          }
                        },
                        "verdict": {
                          "type": "string",
                          "enum": [
                            "ACCEPTED",
                            "REJECTED",
                            "INCOMPLETE"
                          ]
                        },
                        "reasons": {
                          "type": "array",
                          "items": {
                            "type": "string"
                          }
                        },
                        "files_in_error": {
                          "type": "array",
                          "items": {
                            "type": "object"
                          }
                        },
                        "counts": {
                          "type": "object",
                          "required": [
                            "automated",
                            "manual"
                          ]
                        },
                        "progress": {
                          "type": "object",
                          "required": [
                            "sessions",
                            "testers"
                          ]
                        }
                      }
                    }
                  }
                }
              },
              "401": {
                "$ref": "#/components/responses/Error"
              },
              "403": {
                "$ref": "#/components/responses/Error"
              },
              "503": {
                "$ref": "#/components/responses/Error"
              }
            }
          }
        },
        "/api/items": {
          "get": {
            "operationId": "listItems",
            "summary": "The manual items with their status, in checklist order.",
            "parameters": [
              {
                "name": "session",
                "in": "query",
                "required": false,
                "schema": {
                  "type": "string"
                },
                "description": "Only this device session's items."
              },
              {
                "name": "status",
                "in": "query",
                "required": false,
                "schema": {
                  "$ref": "#/components/schemas/Status"
                },
                "description": "Only the items of this status."
              }
            ],
            "responses": {
              "200": {
                "description": "The items and the plan a record must be given under.",
                "content": {
                  "application/json": {
                    "schema": {
                      "type": "object",
                      "additionalProperties": false,
                      "required": [
                        "plan",
                        "items"
                      ],
                      "properties": {
                        "plan": {
                          "$ref": "#/components/schemas/PlanStamp"
                        },
                        "items": {
                          "type": "array",
                          "items": {
                            "$ref": "#/components/schemas/Item"
                          }
                        }
                      }
                    }
                  }
                }
              },
              "400": {
                "$ref": "#/components/responses/Error"
              },
              "401": {
                "$ref": "#/components/responses/Error"
              },
              "403": {
                "$ref": "#/components/responses/Error"
              },
              "503": {
                "$ref": "#/components/responses/Error"
              }
            }
          }
        },
        "/api/items/{id}/history": {
          "get": {
            "operationId": "getItemHistory",
            "summary": "Every observation of one item, oldest first: source, build, keyboard identifier, tester, evidence.",
            "parameters": [
              {
                "name": "id",
                "in": "path",
                "required": true,
                "schema": {
                  "type": "string"
                }
              }
            ],
            "responses": {
              "200": {
                "description": "The item and its observations.",
                "content": {
                  "application/json": {
                    "schema": {
                      "type": "object",
                      "additionalProperties": false,
                      "required": [
                        "item",
                        "observations"
                      ],
                      "properties": {
                        "item": {
                          "$ref": "#/components/schemas/Item"
                        },
                        "observations": {
                          "type": "array",
                          "items": {
                            "$ref": "#/components/schemas/Observation"
                          }
                        }
                      }
                    }
                  }
                }
              },
              "401": {
                "$ref": "#/components/responses/Error"
              },
              "403": {
                "$ref": "#/components/responses/Error"
              },
              "404": {
                "$ref": "#/components/responses/Error"
              },
              "503": {
                "$ref": "#/components/responses/Error"
              }
            }
          }
        },
        "/api/report": {
          "get": {
            "operationId": "getReport",
            "summary": "report.json as `qapass report` would write it now (schemas/report.schema.json).",
            "responses": {
              "200": {
                "description": "The report.",
                "content": {
                  "application/json": {
                    "schema": {
                      "type": "object",
                      "required": [
                        "format",
                        "verdict",
                        "counts",
                        "items"
                      ],
                      "properties": {
                        "format": {
                          "const": "qapass-report/2"
                        }
                      }
                    }
                  }
                }
              },
              "401": {
                "$ref": "#/components/responses/Error"
              },
              "403": {
                "$ref": "#/components/responses/Error"
              },
              "503": {
                "$ref": "#/components/responses/Error"
              }
            }
          }
        },
        "/api/observations": {
          "post": {
            "operationId": "recordObservation",
            "summary": "Records one observation through `qapass record`'s use case, stamped with the build, plan and keyboard identifier in force.",
            "description": "`build` and `plan` are what the client was given (getProgress's or listItems' `plan`): when the build was bumped or the matrix re-planned since, nothing is recorded (409), so an answer is never stamped with a build it was not given under. An item planned for a series of releases (`26.x`) needs `os`, the exact release the device runs (`26.4.1`), as `qapass record` needs `--os` and the HTML checklist its OS field; without it, or with an `os` that is not one release of the item's OS (`26.x`, `27.0`), nothing is recorded: 422 `invalid_os` with `field` `os`. Other refusals of the use case are 422 `invalid_observation`.",
            "requestBody": {
              "required": true,
              "content": {
                "application/json": {
                  "schema": {
                    "type": "object",
                    "additionalProperties": false,
                    "required": [
                      "item",
                      "result",
                      "tester",
                      "build",
                      "plan"
                    ],
                    "properties": {
                      "item": {
                        "type": "string",
                        "description": "A manual item's id."
                      },
                      "result": {
                        "type": "string",
                        "enum": [
                          "pass",
                          "fail",
                          "blocked",
                          "skipped"
                        ]
                      },
                      "tester": {
                        "type": "string"
                      },
                      "note": {
                        "type": "string"
                      },
                      "reason": {
                        "type": "string",
                        "description": "Why the item is blocked (required for blocked, or a note)."
                      },
                      "os": {
                        "type": "string",
                        "description": "The exact OS release the device runs, a release of the item's OS (`26.4.1` for `26.x`); required when the item's OS is a series of releases (`26.x`), optional when it is one release (`26.1`)."
                      },
                      "evidence": {
                        "type": "array",
                        "items": {
                          "type": "string"
                        }
                      },
                      "felt": {
                        "type": "object",
                        "additionalProperties": {
                          "type": "string"
                        },
                        "description": "Haptic parameters as felt, such as {\"intensity\": \"0.8\"}."
                      },
                      "build": {
                        "type": [
                          "string",
                          "null"
                        ]
                      },
                      "plan": {
                        "type": "string"
                      }
                    }
                  }
                }
              }
            },
            "responses": {
              "201": {
                "description": "Recorded.",
                "content": {
                  "application/json": {
                    "schema": {
                      "type": "object",
                      "additionalProperties": false,
                      "required": [
                        "id",
                        "result",
                        "tester",
                        "time",
                        "build",
                        "plan",
                        "keyboard",
                        "os",
                        "revision"
                      ],
                      "properties": {
                        "id": {
                          "type": "string"
                        },
                        "result": {
                          "type": "string",
                          "enum": [
                            "pass",
                            "fail",
                            "blocked",
                            "skipped"
                          ]
                        },
                        "tester": {
                          "type": "string"
                        },
                        "time": {
                          "type": [
                            "string",
                            "null"
                          ]
                        },
                        "build": {
                          "type": [
                            "string",
                            "null"
                          ]
                        },
                        "plan": {
                          "type": "string"
                        },
                        "keyboard": {
                          "type": [
                            "string",
                            "null"
                          ]
                        },
                        "os": {
                          "type": "string"
                        },
                        "revision": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              },
              "400": {
                "$ref": "#/components/responses/Error"
              },
              "401": {
                "$ref": "#/components/responses/Error"
              },
              "403": {
                "$ref": "#/components/responses/Error"
              },
              "409": {
                "$ref": "#/components/responses/Error"
              },
              "413": {
                "$ref": "#/components/responses/Error"
              },
              "415": {
                "$ref": "#/components/responses/Error"
              },
              "422": {
                "$ref": "#/components/responses/Error"
              },
              "503": {
                "$ref": "#/components/responses/Error"
              }
            }
          }
        },
        "/api/items/{id}/retire": {
          "post": {
            "operationId": "retireItem",
            "summary": "Retires the item's observations recorded so far: they no longer count (qapass retire).",
            "description": "For a failure of an item a re-plan dropped, or a recording made in error; a result recorded later counts again. The same checks, decisions file, lock and audit line as `qapass retire`; `by` is required (the server does not guess who decides). A refusal of the use case is 422 `invalid_decision` with its message, or 404 `unknown_item` when the item is not the plan's.",
            "parameters": [
              {
                "name": "id",
                "in": "path",
                "required": true,
                "schema": {
                  "type": "string"
                }
              }
            ],
            "requestBody": {
              "required": true,
              "content": {
                "application/json": {
                  "schema": {
                    "type": "object",
                    "additionalProperties": false,
                    "required": [
                      "by",
                      "reason"
                    ],
                    "properties": {
                      "by": {
                        "type": "string",
                        "minLength": 1,
                        "pattern": "\\S"
                      },
                      "reason": {
                        "type": "string",
                        "minLength": 1,
                        "pattern": "\\S",
                        "description": "Why (required)."
                      }
                    }
                  }
                }
              }
            },
            "responses": {
              "201": {
                "description": "Decided.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Decision"
                    }
                  }
                }
              },
              "400": {
                "$ref": "#/components/responses/Error"
              },
              "401": {
                "$ref": "#/components/responses/Error"
              },
              "403": {
                "$ref": "#/components/responses/Error"
              },
              "404": {
                "$ref": "#/components/responses/Error"
              },
              "413": {
                "$ref": "#/components/responses/Error"
              },
              "415": {
                "$ref": "#/components/responses/Error"
              },
              "422": {
                "$ref": "#/components/responses/Error"
              },
              "503": {
                "$ref": "#/components/responses/Error"
              }
            }
          }
        },
        "/api/items/{id}/waive": {
          "post": {
            "operationId": "waiveItem",
            "summary": "Waives the item's current failure until a day or a build (qapass waive).",
            "description": "The failure does not reject the release while the waiver holds; the matrix's `decisions: unwaivable` checks refuse waivers. The same checks, decisions file, lock and audit line as `qapass waive`; `by` is required (the server does not guess who decides). A refusal of the use case is 422 `invalid_decision` with its message, or 404 `unknown_item` when the item is not the plan's.",
            "parameters": [
              {
                "name": "id",
                "in": "path",
                "required": true,
                "schema": {
                  "type": "string"
                }
              }
            ],
            "requestBody": {
              "required": true,
              "content": {
                "application/json": {
                  "schema": {
                    "type": "object",
                    "additionalProperties": false,
                    "required": [
                      "by",
                      "reason",
                      "approver",
                      "expires"
                    ],
                    "properties": {
                      "by": {
                        "type": "string",
                        "minLength": 1,
                        "pattern": "\\S"
                      },
                      "reason": {
                        "type": "string",
                        "minLength": 1,
                        "pattern": "\\S"
                      },
                      "approver": {
                        "type": "string",
                        "minLength": 1,
                        "pattern": "\\S",
                        "description": "Who accepts the failure."
                      },
                      "expires": {
                        "type": "string",
                        "minLength": 1,
                        "pattern": "\\S",
                        "description": "A day YYYY-MM-DD (through that day UTC) or a build (until it is under test)."
                      }
                    }
                  }
                }
              }
            },
            "responses": {
              "201": {
                "description": "Decided.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Decision"
                    }
                  }
                }
              },
              "400": {
                "$ref": "#/components/responses/Error"
              },
              "401": {
                "$ref": "#/components/responses/Error"
              },
              "403": {
                "$ref": "#/components/responses/Error"
              },
              "404": {
                "$ref": "#/components/responses/Error"
              },
              "413": {
                "$ref": "#/components/responses/Error"
              },
              "415": {
                "$ref": "#/components/responses/Error"
              },
              "422": {
                "$ref": "#/components/responses/Error"
              },
              "503": {
                "$ref": "#/components/responses/Error"
              }
            }
          }
        },
        "/api/items/{id}/defect": {
          "post": {
            "operationId": "defectItem",
            "summary": "Ties the item to defects in a tracker (qapass defect).",
            "description": "The report links them through the matrix's `decisions: defect_url`. The same checks, decisions file, lock and audit line as `qapass defect`; `by` is required (the server does not guess who decides). A refusal of the use case is 422 `invalid_decision` with its message, or 404 `unknown_item` when the item is not the plan's.",
            "parameters": [
              {
                "name": "id",
                "in": "path",
                "required": true,
                "schema": {
                  "type": "string"
                }
              }
            ],
            "requestBody": {
              "required": true,
              "content": {
                "application/json": {
                  "schema": {
                    "type": "object",
                    "additionalProperties": false,
                    "required": [
                      "by",
                      "defects"
                    ],
                    "properties": {
                      "by": {
                        "type": "string",
                        "minLength": 1,
                        "pattern": "\\S"
                      },
                      "defects": {
                        "type": "array",
                        "items": {
                          "type": "string",
                          "minLength": 1,
                          "pattern": "\\S"
                        },
                        "description": "The tracker's ids (at least one).",
                        "minItems": 1
                      }
                    }
                  }
                }
              }
            },
            "responses": {
              "201": {
                "description": "Decided.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Decision"
                    }
                  }
                }
              },
              "400": {
                "$ref": "#/components/responses/Error"
              },
              "401": {
                "$ref": "#/components/responses/Error"
              },
              "403": {
                "$ref": "#/components/responses/Error"
              },
              "404": {
                "$ref": "#/components/responses/Error"
              },
              "413": {
                "$ref": "#/components/responses/Error"
              },
              "415": {
                "$ref": "#/components/responses/Error"
              },
              "422": {
                "$ref": "#/components/responses/Error"
              },
              "503": {
                "$ref": "#/components/responses/Error"
              }
            }
          }
        },
        "/api/carry": {
          "post": {
            "operationId": "carryResults",
            "summary": "Carries the latest results of the items a build bump does not affect to the build under test (qapass carry).",
            "description": "The items chosen by `checks`, `input_methods`, `devices` and `ids` (each kind given narrows, several values of one kind widen; at least one is required) keep their latest result on `from_build`, recorded for the build under test as carried, with who, when and why. The same checks, records file, lock and audit lines as `qapass carry`; `by` and `reason` are required. A refusal of the use case is 422 `invalid_decision` with its message.",
            "requestBody": {
              "required": true,
              "content": {
                "application/json": {
                  "schema": {
                    "type": "object",
                    "additionalProperties": false,
                    "required": [
                      "by",
                      "reason",
                      "from_build"
                    ],
                    "properties": {
                      "by": {
                        "type": "string",
                        "minLength": 1,
                        "pattern": "\\S"
                      },
                      "reason": {
                        "type": "string",
                        "minLength": 1,
                        "pattern": "\\S"
                      },
                      "from_build": {
                        "type": "string",
                        "minLength": 1,
                        "pattern": "\\S",
                        "description": "The build the results were tested on."
                      },
                      "checks": {
                        "type": "array",
                        "items": {
                          "type": "string",
                          "minLength": 1,
                          "pattern": "\\S"
                        }
                      },
                      "input_methods": {
                        "type": "array",
                        "items": {
                          "type": "string",
                          "minLength": 1,
                          "pattern": "\\S"
                        }
                      },
                      "devices": {
                        "type": "array",
                        "items": {
                          "type": "string",
                          "minLength": 1,
                          "pattern": "\\S"
                        }
                      },
                      "ids": {
                        "type": "array",
                        "items": {
                          "type": "string",
                          "minLength": 1,
                          "pattern": "\\S"
                        }
                      }
                    }
                  }
                }
              }
            },
            "responses": {
              "201": {
                "description": "Carried.",
                "content": {
                  "application/json": {
                    "schema": {
                      "type": "object",
                      "additionalProperties": false,
                      "required": [
                        "carried",
                        "tested_already",
                        "nothing_to_carry",
                        "revision"
                      ],
                      "properties": {
                        "carried": {
                          "type": "array",
                          "items": {
                            "type": "object",
                            "additionalProperties": false,
                            "required": [
                              "item",
                              "result",
                              "build"
                            ],
                            "properties": {
                              "item": {
                                "type": "string"
                              },
                              "result": {
                                "type": "string"
                              },
                              "build": {
                                "type": [
                                  "string",
                                  "null"
                                ]
                              }
                            }
                          }
                        },
                        "tested_already": {
                          "type": "array",
                          "items": {
                            "type": "string"
                          },
                          "description": "Items chosen that have a current result on the build under test already."
                        },
                        "nothing_to_carry": {
                          "type": "array",
                          "items": {
                            "type": "string"
                          },
                          "description": "Items chosen with no result on the build carried from."
                        },
                        "revision": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              },
              "400": {
                "$ref": "#/components/responses/Error"
              },
              "401": {
                "$ref": "#/components/responses/Error"
              },
              "403": {
                "$ref": "#/components/responses/Error"
              },
              "413": {
                "$ref": "#/components/responses/Error"
              },
              "415": {
                "$ref": "#/components/responses/Error"
              },
              "422": {
                "$ref": "#/components/responses/Error"
              },
              "503": {
                "$ref": "#/components/responses/Error"
              }
            }
          }
        },
        "/openapi.json": {
          "get": {
            "operationId": "getOpenAPI",
            "summary": "This document.",
            "responses": {
              "200": {
                "description": "The OpenAPI document.",
                "content": {
                  "application/json": {
                    "schema": {
                      "type": "object"
                    }
                  }
                }
              },
              "401": {
                "$ref": "#/components/responses/Error"
              },
              "403": {
                "$ref": "#/components/responses/Error"
              }
            }
          }
        }
      }
    }

    """#
}
