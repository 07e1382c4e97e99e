import QAModel

extension ChecklistHTMLWriter {
  /// The colour a chosen result's button takes (white text on it has a contrast of at least 4.5:1);
  /// `nil` for the outcomes a tester does not choose, or leaves the button plain.
  static func colour(_ outcome: Outcome) -> String? {
    switch outcome {
    case .pass: "#1b6e35"
    case .fail: "#b00020"
    case .blocked: "#8a4b00"
    case .skipped: "#4d4d4d"
    case .untested, .error, .stale: nil
    }
  }

  /// The page's style: one column up to 48em; a bar fixed at the bottom (its height reserved below the
  /// last item); result buttons and fields at least 48 px high, the size of a fingertip.
  package static var style: String {
    var css = """
      *{box-sizing:border-box}
      html{-webkit-text-size-adjust:100%}
      body{font:17px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#111;background:#fafafa;\
      padding-bottom:calc(9.5rem + env(safe-area-inset-bottom))}
      header,main{max-width:48em;margin:0 auto;padding:0 1rem}
      h1{font-size:1.45rem;margin:1rem 0 .25rem}h2{font-size:1.25rem;margin:1.6rem 0 .5rem}
      h3{font-size:1.05rem;margin:0 0 .3rem}h4{font-size:.95rem;margin:.7rem 0 .2rem}
      code{font-size:.88em;overflow-wrap:anywhere;background:#eee;border-radius:3px;padding:0 .2em}
      .sub,.hint,.id{color:#444;font-size:.9rem}
      table.facts{border-collapse:collapse;width:100%;font-size:.92rem;margin:.6rem 0}
      table.facts th{text-align:left;vertical-align:top;padding:.3rem .6rem .3rem 0;white-space:nowrap;width:1%}
      table.facts td{padding:.3rem 0;overflow-wrap:anywhere}table.facts tr{border-top:1px solid #ddd}
      fieldset{border:0;margin:0;padding:0;min-width:0}legend{font-weight:600;padding:0;margin-bottom:.3rem}
      fieldset.context{background:#fff;border:1px solid #ccc;border-radius:8px;padding:.7rem .9rem;margin:.8rem 0}
      .fields{display:grid;grid-template-columns:repeat(auto-fit,minmax(11rem,1fr));gap:.6rem}
      .fields label{display:flex;flex-direction:column;font-size:.9rem;gap:.2rem}
      fieldset.context .hint{margin:.5rem 0 0}
      input,select,textarea,button{font:inherit}
      input[type=url],input:not([type]),select,textarea{min-height:48px;width:100%;padding:.5rem .6rem;\
      border:1px solid #888;border-radius:8px;background:#fff}
      input.invalid,select.invalid{border-color:#b00020;outline:2px solid #b00020}
      .note{background:#fff4d6;border-left:4px solid #c98a00;padding:.5rem .8rem}
      ul.checks{list-style:none;padding:0;margin:.3rem 0}
      ul.checks label{display:flex;gap:.6rem;align-items:flex-start;min-height:48px;padding:.55rem .2rem}
      ul.checks input{width:1.4rem;height:1.4rem;flex:none;margin:.05rem 0 0}
      ul.switch{background:#eef1ff;border-radius:8px;padding:0 .6rem}
      .keyboard,.pattern{font-size:.92rem}
      .item{background:#fff;border:1px solid #ccc;border-radius:10px;margin:1rem 0;padding:.8rem 1rem;\
      scroll-margin-top:.5rem;scroll-margin-bottom:10rem}
      .item.answered{border-color:#1b6e35;box-shadow:inset 4px 0 0 #1b6e35}
      .item.earlier{border-color:#8a4b00;box-shadow:inset 4px 0 0 #8a4b00}
      .item ol,.item ul{margin:.2rem 0;padding-left:1.3rem}.item li{margin:.15rem 0}
      .item.folded .body{display:none}.item .unfold{display:none}
      .item.folded .unfold{display:block;min-height:44px;margin:.2rem 0;padding:0 .8rem;border:1px solid #777;\
      border-radius:8px;background:#fff}
      ul.record{color:#333;font-size:.92rem}
      fieldset.result{display:flex;flex-wrap:wrap;gap:.5rem;margin:.8rem 0 .5rem}
      fieldset.result legend{width:100%}
      fieldset.result label{flex:1 1 5.5rem;display:flex;align-items:center;justify-content:center;gap:.45rem;\
      min-height:52px;padding:.4rem .7rem;border:1px solid #777;border-radius:10px;background:#fff;\
      cursor:pointer;user-select:none}
      fieldset.result input{width:1.3rem;height:1.3rem;margin:0;accent-color:#111}
      fieldset.result label:has(input:checked){font-weight:700;border-width:2px}
      .more{display:grid;grid-template-columns:repeat(auto-fit,minmax(15rem,1fr));gap:.6rem}
      .more label{display:flex;flex-direction:column;gap:.2rem;font-size:.9rem}
      textarea{resize:vertical}
      .problem{color:#b00020;font-weight:600;margin:.3rem 0 0}.problem:empty{display:none}
      .bar{position:fixed;left:0;right:0;bottom:0;z-index:10;background:#fff;border-top:1px solid #999;\
      box-shadow:0 -2px 8px rgba(0,0,0,.12);padding:.6rem max(1rem,env(safe-area-inset-left)) \
      calc(.6rem + env(safe-area-inset-bottom));display:flex;flex-wrap:wrap;align-items:center;gap:.5rem .9rem}
      .bar .progress{flex:1 1 12rem;display:flex;align-items:center;gap:.7rem;font-weight:600;white-space:nowrap}
      .bar progress{flex:1;height:14px;accent-color:#1b6e35}
      .bar .actions{display:flex;gap:.6rem;flex:1 1 19rem;min-width:0}
      .bar button{flex:1;min-height:48px;padding:0 .8rem;border-radius:10px;border:1px solid #555;background:#fff;\
      font-weight:600;white-space:nowrap}
      @media (max-width:30em){body{font-size:16px}.item{padding:.7rem .8rem}header,main{padding:0 .75rem}\
      .bar{padding-left:.75rem;padding-right:.75rem}.bar button{font-size:.95rem;padding:0 .5rem}}
      .bar button.primary{background:#114e9c;border-color:#114e9c;color:#fff}
      .bar #status{flex:1 1 100%;margin:0;font-size:.9rem}.bar #status:empty{display:none}

      """
    for outcome in Outcome.allCases {
      guard let colour = colour(outcome) else { continue }
      css +=
        "fieldset.result label.r-\(outcome.rawValue):has(input:checked){background:\(colour);"
        + "border-color:\(colour);color:#fff}\n"
    }
    return css
  }

  /// Keeps the answers in `localStorage` by session and item id and writes the observation file.
  ///
  /// Every key and outcome spelling comes from the page's data. Every string value is written as a
  /// double-quoted YAML scalar (JSON string syntax, with the characters YAML 1.1 reads as line breaks
  /// or refuses escaped), so notes with `: `, `#`, quotes, newlines or a leading `-` come back intact.
  static let script = """
    (function () {
      "use strict";
      var data = JSON.parse(document.getElementById("qapass-data").textContent);
      var K = data.schema.keys, NONE = data.outcomes.none, REASON = data.outcomes.needs_reason,
        KEPT = data.outcomes.kept_when_gone;
      var storeKey = "qapass.checklist." + data.session;
      function byId(id) { return document.getElementById(id); }
      function control(name, n) { return document.querySelector("[name=\\"" + name + "-" + n + "\\"]"); }
      function now() { return new Date().toISOString().replace(/\\.\\d+Z$/, "Z"); }
      function read(key) {
        try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (e) { return null; }
      }
      var state = read(storeKey);
      if (!state || typeof state !== "object") { state = {}; }
      if (!state.answers || typeof state.answers !== "object") { state.answers = {}; }
      function store() { localStorage.setItem(storeKey, JSON.stringify(state)); }
      // An item renamed in the matrix (renamed_from) takes the answer kept under its former id; the
      // answer keeps the entry it was given with, whose id ingest maps to the item.
      data.items.forEach(function (item) {
        if (state.answers[item.id]) { return; }
        item.former.forEach(function (id) {
          if (!state.answers[item.id] && state.answers[id]) { state.answers[item.id] = state.answers[id]; delete state.answers[id]; }
        });
      });
      // Pages written before kept answers by number under their plan's fingerprint: take over this plan's.
      var legacyKey = "qapass." + data.plan + "." + data.session, legacy = read(legacyKey);
      if (legacy && typeof legacy === "object") {
        data.items.forEach(function (item) {
          var old = legacy[item.n];
          if (old && !state.answers[item.id]) {
            state.answers[item.id] = { result: old.result, note: old.note || "", evidence: old.evidence || "",
              time: old.time || now(), revision: item.revision, entry: item.entry };
          }
        });
        store();
        localStorage.removeItem(legacyKey);
      }

      // Failures answered for items a re-plan took off this page are still saved (ingest lists them),
      // as a regenerated sheet keeps them; other answers for such items are left out.
      var onPage = {};
      data.items.forEach(function (item) { onPage[item.id] = true; });
      function gone() {
        return Object.keys(state.answers).sort().filter(function (id) {
          var answer = state.answers[id];
          return !onPage[id] && answer && answer.result === KEPT && Array.isArray(answer.entry);
        });
      }
      if (gone().length > 0) {
        byId("status").textContent = gone().length + " " + KEPT + " answer(s) for items this checklist no " +
          "longer has (the plan changed) will be saved with the others.";
      }

      var tester = byId("tester"), os = byId("os"), build = byId("build");
      var savedTester = localStorage.getItem("qapass.tester") || "";
      if (tester.tagName === "SELECT") {
        var known = data.testers.indexOf(savedTester) >= 0;
        tester.value = known ? savedTester : (data.assignee || "");
      } else {
        tester.value = savedTester || data.assignee || "";
      }
      os.value = state.os || "";
      // A build typed on the page of an earlier build under test is not this page's: it starts at its own.
      build.value = typeof state.build === "string" && state.buildFor === (data.build || "")
        ? state.build : (data.build || "");
      var pattern = new RegExp(data.os.pattern);
      function testerNote() {
        var note = byId("tester-note"), name = tester.value.trim();
        note.textContent = data.assignee && name && name !== data.assignee
          ? "This session is assigned to " + data.assignee + "; record it as " + name + " only if you carried it out."
          : "The exact OS is in Settings > General > About; each answer is dated when you choose its result.";
      }
      tester.addEventListener("input", function () { localStorage.setItem("qapass.tester", tester.value.trim()); testerNote(); });
      tester.addEventListener("change", function () { localStorage.setItem("qapass.tester", tester.value.trim()); testerNote(); });
      os.addEventListener("input", function () { state.os = os.value.trim(); os.classList.remove("invalid"); store(); });
      build.addEventListener("input", function () { state.build = build.value; state.buildFor = data.build || ""; store(); });
      testerNote();

      // Each answer keeps the build it was given under; one of another build than the build under test
      // is an earlier answer (ingest counts it stale), never stamped with this page's build. Answers kept
      // before pages stored the build name none, and count as before.
      function answerBuild(answer) { return typeof answer.build === "string" ? answer.build.trim() : null; }
      function otherBuild(answer) {
        var given = answerBuild(answer);
        return given !== null && given !== "" && !!data.build && given !== data.build;
      }
      function isCurrent(answer, item) { return answer.revision === item.revision && !otherBuild(answer); }
      function isDone(item) {
        var answer = state.answers[item.id];
        return !!answer && answer.result !== NONE && isCurrent(answer, item);
      }
      function progress() {
        var done = data.items.filter(isDone).length;
        byId("progress").value = done;
        byId("done").textContent = done + " of " + data.items.length + " done";
      }
      function show(item) {
        var answer = state.answers[item.id], section = byId("item-" + item.n);
        var earlier = !!answer && answer.result !== NONE && !isCurrent(answer, item);
        section.classList.toggle("answered", isDone(item));
        section.classList.toggle("earlier", earlier);
        byId("problem-" + item.n).textContent = !earlier ? ""
          : answer.revision !== item.revision
            ? "Answered " + answer.result + " for an earlier text of this item: carry it out again and choose its result."
            : "Answered " + answer.result + " under build " + answerBuild(answer) + "; the build under test is " +
              data.build + ": carry it out again and choose its result.";
      }
      data.items.forEach(function (item) {
        var n = item.n, answer = state.answers[item.id];
        if (answer) {
          var radio = document.querySelector("[name=\\"result-" + n + "\\"][value=\\"" + answer.result + "\\"]");
          if (radio) { radio.checked = true; }
          control("note", n).value = answer.note || "";
          control("evidence", n).value = answer.evidence || "";
        }
        function update(result) {
          var previous = state.answers[item.id];
          var chosen = result !== undefined;
          var next = {
            result: chosen ? result : (previous ? previous.result : NONE),
            note: control("note", n).value, evidence: control("evidence", n).value.trim(),
            time: chosen || !previous ? now() : previous.time,
            revision: chosen || !previous ? item.revision : previous.revision,
            entry: chosen || !previous ? item.entry : previous.entry,
            build: chosen || !previous ? build.value.trim() : previous.build
          };
          if (next.result === NONE && next.note.trim() === "" && next.evidence === "") {
            delete state.answers[item.id];
          } else {
            state.answers[item.id] = next;
          }
          store();
          show(item);
          progress();
        }
        document.querySelectorAll("[name=\\"result-" + n + "\\"]").forEach(function (radio) {
          radio.addEventListener("click", function () { update(radio.value); });
        });
        control("note", n).addEventListener("input", function () { update(); });
        control("evidence", n).addEventListener("input", function () { update(); });
        // Items answered before this page was opened start folded to their result, so the page is
        // as long as what is left to do.
        var section = byId("item-" + n);
        section.classList.toggle("folded", isDone(item));
        section.querySelector(".unfold").addEventListener("click", function () { section.classList.remove("folded"); });
        show(item);
      });
      progress();

      byId("next").addEventListener("click", function () {
        var open = data.items.filter(function (item) { return !isDone(item); });
        var below = open.filter(function (item) { return byId("item-" + item.n).getBoundingClientRect().top > 8; });
        var target = below[0] || open[0];
        if (!target) { byId("status").textContent = "Every item has a result: save the observation file."; return; }
        byId("item-" + target.n).scrollIntoView({ block: "start" });
      });

      function quote(value) {
        // A lone UTF-16 surrogate (half of an emoji cut by an input method) becomes U+FFFD: written as
        // "\\ud83d" it is no character, and YAML refuses the whole file.
        var text = String(value).replace(/[\\ud800-\\udbff][\\udc00-\\udfff]|[\\ud800-\\udfff]/g, function (c) {
          return c.length === 2 ? c : "\\ufffd";
        });
        return JSON.stringify(text).replace(/[\\u007f-\\u009f\\u2028\\u2029\\ufeff\\ufffe\\uffff]/g, function (c) {
          return "\\\\u" + ("000" + c.charCodeAt(0).toString(16)).slice(-4);
        });
      }
      function yaml(value) {
        if (typeof value === "number") { return String(value); }
        if (Array.isArray(value)) { return "[" + value.map(quote).join(", ") + "]"; }
        if (value !== null && typeof value === "object") {
          return "{" + Object.keys(value).map(function (k) { return quote(k) + ": " + quote(value[k]); }).join(", ") + "}";
        }
        return quote(value);
      }
      function blank(value) {
        return value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);
      }
      function observationFile(name, exactOS) {
        var lines = [
          "# qapass observations saved from the HTML checklist of session " + data.session + ".",
          "# Put this file in observations/: 'qapass pass' reads it like a sheet.",
          K.version + ": " + data.schema.version, K.observations + ":"
        ];
        data.items.map(function (item) { return state.answers[item.id]; }).concat(
          gone().map(function (id) { return state.answers[id]; })
        ).forEach(function (answer) {
          if (!answer || answer.result === NONE) { return; }
          var given = {};
          given[K.result] = answer.result; given[K.tester] = name; given[K.time] = answer.time;
          given[K.os] = exactOS; given[K.build] = answerBuild(answer);
          given[K.note] = answer.note.trim() === "" ? null : answer.note;
          given[K.evidence] = answer.evidence === "" ? [] : [answer.evidence];
          var first = true;
          answer.entry.forEach(function (pair) {
            var value = Object.prototype.hasOwnProperty.call(given, pair[0]) ? given[pair[0]] : pair[1];
            if (blank(value)) { return; }
            lines.push((first ? "  - " : "    ") + pair[0] + ": " + yaml(value));
            first = false;
          });
        });
        return lines.join("\\n") + "\\n";
      }
      byId("save").addEventListener("click", function () {
        var status = byId("status"), problems = 0;
        data.items.forEach(show);
        var name = tester.value.trim();
        if (name === "") {
          status.textContent = "Choose who you are as tester first."; tester.classList.add("invalid"); tester.focus(); return;
        }
        tester.classList.remove("invalid");
        var exactOS = os.value.trim();
        if (!pattern.test(exactOS)) {
          status.textContent = "Enter the exact OS version you ran, a release of iOS " + data.os.planned +
            " such as " + data.os.example + " (Settings > General > About).";
          os.classList.add("invalid"); os.focus(); return;
        }
        data.items.forEach(function (item) {
          var answer = state.answers[item.id];
          if (answer && answer.result === REASON && answer.note.trim() === "") {
            byId("problem-" + item.n).textContent = "A " + REASON + " item needs its reason in the note.";
            problems += 1;
          }
        });
        if (problems > 0) { status.textContent = problems + " " + REASON + " item(s) need a reason."; return; }
        var count = gone().length + data.items.filter(function (item) {
          var answer = state.answers[item.id];
          return answer && answer.result !== NONE;
        }).length;
        if (count === 0) { status.textContent = "Nothing to save yet: no item has a result."; return; }
        var text = observationFile(name, exactOS);
        byId("output").textContent = text;
        var link = document.createElement("a");
        link.href = URL.createObjectURL(new Blob([text], { type: "application/x-yaml" }));
        link.download = data.session + ".checklist-" + now().replace(/[-:]/g, "") + ".yaml";
        document.body.appendChild(link);
        link.click();
        link.remove();
        status.textContent = "Saved " + count + " observation(s) as " + link.download + ".";
      });
    })();
    """
}
