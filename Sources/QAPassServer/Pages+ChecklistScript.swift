extension Pages {
  /// The served checklist's script, a static file (the CSP runs no inline script).
  ///
  /// Choosing a result sends the answer to `recordObservation` with the build and plan fingerprint the
  /// page was made under (its body's `data-build` and `data-plan`), the tester, the exact OS (checked
  /// first against the HTML checklist's rule, `data-os-pattern`: required when the session's OS is a
  /// series of releases), the note and the evidence link typed so far; the item's form goes back to its
  /// recorded result when the server refuses, and the refusal's message shows under the item. A 409 (the build or plan changed
  /// since the page was made) also shows a notice at the top with a reload button: the answer was not
  /// recorded, under either build. The page polls `/api/version` every second; when the pass changed
  /// it fetches itself again and takes each item's recorded line and result, the progress, and the
  /// plan (a changed plan shows the notice), without touching what the tester is typing. The server
  /// shows a record within 2 s, not at once: for 5 s an answer the server acknowledged stays chosen
  /// until a fetched page shows it.
  static let checklistScript = """
    (function () {
      "use strict";
      var body = document.body;
      function byId(id) { return document.getElementById(id); }
      function given(element, name) { return element.hasAttribute(name) ? element.getAttribute(name) : null; }
      var session = body.getAttribute("data-session");
      var stamp = { build: given(body, "data-build"), plan: body.getAttribute("data-plan") };
      var shown = body.getAttribute("data-revision");
      var tester = byId("tester"), os = byId("os"), live = byId("live");
      var osRule = { planned: body.getAttribute("data-os"), pattern: new RegExp(body.getAttribute("data-os-pattern")),
        example: body.getAttribute("data-os-example"), optional: body.hasAttribute("data-os-optional") };
      var sending = {};
      var sections = Array.prototype.slice.call(document.querySelectorAll("section.item"));
      function number(section) { return section.id.slice("item-".length); }
      function control(name, n) { return document.querySelector("[name='" + name + "-" + n + "']"); }
      function checked(root, n) {
        var radio = root.querySelector("[name='result-" + n + "']:checked");
        return radio ? radio.value : null;
      }
      var recorded = {}, acknowledged = {};
      sections.forEach(function (section) { recorded[number(section)] = checked(section, number(section)); });

      var savedTester = localStorage.getItem("qapass.tester") || "";
      var assignee = body.getAttribute("data-assignee") || "";
      if (tester.tagName === "SELECT") {
        var names = Array.prototype.map.call(tester.options, function (option) { return option.value; });
        tester.value = names.indexOf(savedTester) > 0 ? savedTester : (names.indexOf(assignee) > 0 ? assignee : "");
      } else {
        tester.value = savedTester || assignee;
      }
      function keepTester() { localStorage.setItem("qapass.tester", tester.value.trim()); tester.classList.remove("invalid"); }
      tester.addEventListener("input", keepTester);
      tester.addEventListener("change", keepTester);
      os.value = localStorage.getItem("qapass.os." + session) || "";
      os.addEventListener("input", function () {
        localStorage.setItem("qapass.os." + session, os.value.trim()); os.classList.remove("invalid");
      });

      function planChanged(text) {
        byId("changed-text").textContent = text;
        byId("changed").hidden = false;
      }
      byId("reload").addEventListener("click", function () { location.reload(); });

      function restore(section) {
        var n = number(section);
        section.querySelectorAll("[name='result-" + n + "']").forEach(function (radio) {
          radio.checked = radio.value === recorded[n];
        });
      }

      function send(section, result) {
        var n = number(section), problem = byId("problem-" + n);
        var note = control("note", n).value.trim(), evidence = control("evidence", n).value.trim();
        if (sending[n]) { return; }
        if (tester.value.trim() === "") {
          restore(section);
          problem.textContent = "Choose who you are as tester first: nothing recorded.";
          tester.classList.add("invalid"); tester.focus(); return;
        }
        var exactOS = os.value.trim();
        if (!(exactOS === "" && osRule.optional) && !osRule.pattern.test(exactOS)) {
          restore(section);
          problem.textContent = "Enter the exact OS version you ran, a release of iOS " + osRule.planned +
            " such as " + osRule.example + " (Settings > General > About), then choose the result again: nothing recorded.";
          os.classList.add("invalid"); os.focus(); return;
        }
        if (result === "blocked" && note === "") {
          restore(section);
          problem.textContent = "A blocked item needs its reason: write it in the note, then choose blocked again.";
          control("note", n).focus(); return;
        }
        var answer = { item: section.getAttribute("data-item"), result: result, tester: tester.value.trim(),
          build: stamp.build, plan: stamp.plan };
        if (note !== "") { answer.note = note; }
        if (evidence !== "") { answer.evidence = [evidence]; }
        if (exactOS !== "") { answer.os = exactOS; }
        sending[n] = true;
        section.classList.add("sending");
        problem.textContent = "";
        fetch("/api/observations", { method: "POST", credentials: "same-origin", cache: "no-store",
          headers: { "Content-Type": "application/json" }, body: JSON.stringify(answer) })
          .then(function (response) {
            return response.json().then(function (reply) { return { status: response.status, reply: reply }; });
          })
          .then(function (outcome) {
            delete sending[n];
            section.classList.remove("sending");
            if (outcome.status === 201) {
              recorded[n] = result;
              acknowledged[n] = { result: result, until: Date.now() + 5000 };
              byId("recorded-" + n).textContent = "recorded " + result + " by " + answer.tester + "; updating…";
              refresh();
              return;
            }
            restore(section);
            var message = outcome.reply && outcome.reply.message ? outcome.reply.message : "the server answered " + outcome.status;
            problem.textContent = "Not recorded: " + message;
            if (outcome.status === 409) { planChanged("This page is out of date: " + message); refresh(); }
          })
          .catch(function () {
            delete sending[n];
            section.classList.remove("sending");
            restore(section);
            problem.textContent = "Not recorded: the server cannot be reached; choose the result again once it is back.";
          });
      }

      sections.forEach(function (section) {
        var n = number(section);
        section.querySelectorAll("[name='result-" + n + "']").forEach(function (radio) {
          radio.addEventListener("click", function () { send(section, radio.value); });
        });
        section.querySelector(".unfold").addEventListener("click", function () { section.classList.remove("folded"); });
      });

      byId("next").addEventListener("click", function () {
        var open = sections.filter(function (section) { return !section.classList.contains("answered"); });
        var below = open.filter(function (section) { return section.getBoundingClientRect().top > 8; });
        var target = below[0] || open[0];
        if (!target) { byId("status").textContent = "Every item has a result."; return; }
        target.classList.remove("folded");
        target.scrollIntoView({ block: "start" });
      });

      function described(fresh) {
        var build = given(fresh, "data-build"), parts = [];
        if (build !== stamp.build) {
          parts.push("the build under test is now " + (build === null ? "none" : build) + ", not " +
            (stamp.build === null ? "none" : stamp.build));
        }
        if (parts.length === 0 && fresh.getAttribute("data-plan") !== stamp.plan) {
          parts.push("the matrix was re-planned (plan " + fresh.getAttribute("data-plan") + ")");
        }
        return parts.length === 0 ? null : "This page is out of date: " + parts.join("; ") +
          ". Answers given here are refused, never recorded under a build they were not given under: reload to answer under the plan in force.";
      }

      function refresh() {
        return fetch(location.pathname + location.search, { cache: "no-store", credentials: "same-origin" })
          .then(function (response) { return response.ok ? response.text() : null; })
          .then(function (text) {
            if (text === null) { return; }
            var fresh = new DOMParser().parseFromString(text, "text/html");
            var change = described(fresh.body);
            if (change !== null) { planChanged(change); }
            shown = fresh.body.getAttribute("data-revision");
            sections.forEach(function (section) {
              var n = number(section), other = fresh.getElementById(section.id);
              if (!other || other.getAttribute("data-item") !== section.getAttribute("data-item")) { return; }
              var answer = acknowledged[n];
              if (answer && checked(other, n) !== answer.result && Date.now() < answer.until) { return; }
              delete acknowledged[n];
              var line = other.querySelector(".recorded");
              byId("recorded-" + n).textContent = line ? line.textContent : "";
              recorded[n] = checked(other, n);
              section.classList.toggle("answered", other.classList.contains("answered"));
              if (!sending[n]) { restore(section); }
            });
            var progress = fresh.getElementById("progress");
            if (progress) { byId("progress").value = Number(progress.getAttribute("value")); }
            var done = fresh.getElementById("done");
            if (done) { byId("done").textContent = done.textContent; }
          });
      }

      function poll() {
        fetch("/api/version", { cache: "no-store", credentials: "same-origin" })
          .then(function (response) { return response.ok ? response.json() : null; })
          .then(function (version) {
            live.textContent = version ? "live" : "offline";
            if (version && version.revision !== shown) { return refresh(); }
          })
          .catch(function () { live.textContent = "offline"; })
          .then(function () { setTimeout(poll, 1000); }, function () { setTimeout(poll, 2000); });
      }
      setTimeout(poll, 1000);
    })();

    """
}
