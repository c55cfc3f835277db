import AssayResults
import Foundation

extension MutationReport {
  /// The report as one self-contained HTML page, in the style of `assay test`'s navigator:
  /// the score and counts, the surviving mutants first (each with its `file:line:column`,
  /// the change, its line of code and the tests that reach it), then the mutants no test
  /// reaches, then every file with its score, whose source opens with each mutant under
  /// its line. A filter box narrows everything by file, operator, code or status.
  ///
  /// The page loads nothing from the network: its style, script and data are in the file.
  public func html() -> String {
    let files = Dictionary(grouping: mutants, by: \.file).map { path, inFile -> [String: Any] in
      [
        "path": path, "source": sources[path] ?? "",
        "mutants": inFile.map { mutant -> [String: Any] in
          var row: [String: Any] = [
            "id": mutant.id, "line": mutant.start.line, "column": mutant.start.column,
            "operator": mutant.mutationOperator.name, "original": mutant.original,
            "replacement": mutant.replacement, "status": mutant.status.rawValue,
            "coveredBy": mutant.coveredBy,
          ]
          if let killedBy = mutant.killedBy { row["killedBy"] = killedBy }
          if let reason = mutant.statusReason { row["statusReason"] = reason }
          return row
        },
      ]
    }
    let data =
      (try? JSONSerialization.data(
        withJSONObject: ["score": scoreText, "files": files], options: [.sortedKeys])) ?? Data()
    let counts = counts
    let title = Mutant.Status.reported.compactMap { status in
      counts[status].map { "\($0) \(status.label)" }
    }.joined(separator: ", ")
    return Self.template
      .replacingOccurrences(of: "{{STYLE}}", with: HTMLReport.style)
      .replacingOccurrences(
        of: "{{TITLE}}", with: HTMLReport.escaped("Mutation score \(scoreText): \(title)")
      )
      .replacingOccurrences(of: "{{DATA}}", with: HTMLReport.embedded(json: data))
  }

  private static let template = #"""
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <title>{{TITLE}}</title>
    <style>
    {{STYLE}}
    .killed .mark, .timedOut .mark, .crashed .mark { color: #1a7f37; }
    .survived .mark { color: #cf222e; }
    .noCoverage .mark { color: #9a6700; }
    .unviable .mark, .notRun .mark, .pending .mark { color: #8c959f; }
    #score { font-size: 1.1em; margin: .3em 0; }
    .mutant { margin: .2em 0 .2em 2.4em; }
    .change { font: 12px/1.4 ui-monospace, monospace; }
    .code { font: 12px/1.5 ui-monospace, monospace; white-space: pre; margin: 0; }
    .code .number { color: #8c959f; display: inline-block; width: 4em; text-align: right; margin-right: 1em; user-select: none; }
    .code .hit { background: #fff8c5; }
    .code .mutant { margin-left: 5.6em; white-space: pre-wrap; }
    </style>
    </head>
    <body>
    <h1>Mutation testing</h1>
    <div id="score"></div>
    <div id="counts"></div>
    <input id="filter" type="search" placeholder="Filter mutants by file, operator, code or status" autofocus>
    <section id="survived"></section>
    <section id="uncovered"></section>
    <section id="files"></section>
    <script type="application/json" id="data">{{DATA}}</script>
    <script>
    "use strict";
    const data = JSON.parse(document.getElementById("data").textContent);
    const order = ["killed", "survived", "timedOut", "crashed", "noCoverage", "unviable", "notRun", "pending"];
    const marks = { killed: "✓", timedOut: "✓", crashed: "✓", survived: "✗", noCoverage: "∅", unviable: "·", notRun: "–", pending: "?" };
    const labels = { killed: "killed", survived: "survived", timedOut: "timed out", crashed: "crashed", noCoverage: "not covered", unviable: "unviable", notRun: "not run", pending: "pending" };
    const detected = new Set(["killed", "timedOut", "crashed"]);
    const escape = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
    const opened = new URLSearchParams(location.search).get("open");
    const files = data.files.sort((a, b) => a.path.localeCompare(b.path));
    const all = [];
    for (const file of files) {
      file.lines = file.source.split("\n");
      for (const m of file.mutants) {
        m.file = file;
        m.where = file.path + ":" + m.line + ":" + m.column;
        m.text = [m.where, m.operator, m.original, m.replacement, labels[m.status]].join(" ").toLowerCase();
        all.push(m);
      }
    }
    const score = (list) => {
      const valid = list.filter((m) => !["unviable", "notRun", "pending"].includes(m.status));
      return valid.length === 0 ? 100 : 100 * valid.filter((m) => detected.has(m.status)).length / valid.length;
    };
    const change = (m) => '<span class="change">' + escape(m.original) + " → " + escape(m.replacement || "(removed)") + "</span>";
    const tests = (m) => m.statusReason ? escape(m.statusReason) : m.killedBy ? "killed by " + escape(m.killedBy) :
      m.coveredBy.length === 0 ? "" : "reached by " + m.coveredBy.length + (m.coveredBy.length === 1 ? " test: " : " tests: ") + escape(m.coveredBy.slice(0, 5).join(", ")) + (m.coveredBy.length > 5 ? ", …" : "");
    const item = (m) => '<div class="mutant ' + m.status + '"><span class="mark">' + marks[m.status] + "</span>" +
      '<span class="where">' + escape(m.where) + "</span> " + escape(m.operator) + ": " + change(m) +
      '<pre>' + escape((m.file.lines[m.line - 1] || "").trim()) + "</pre>" +
      '<div class="where">' + tests(m) + "</div></div>";

    function source(file, shown) {
      const byLine = new Map();
      for (const m of shown) {
        if (!byLine.has(m.line)) byLine.set(m.line, []);
        byLine.get(m.line).push(m);
      }
      let html = '<div class="code">';
      file.lines.forEach((text, index) => {
        const here = byLine.get(index + 1) || [];
        html += '<div class="' + (here.length ? "hit" : "") + '"><span class="number">' + (index + 1) + "</span>" + escape(text) + "</div>";
        for (const m of here) {
          html += '<div class="mutant ' + m.status + '"><span class="mark">' + marks[m.status] + "</span>" +
            escape(labels[m.status]) + " (" + escape(m.operator) + ", column " + m.column + "): " + change(m) + " " + '<span class="where">' + tests(m) + "</span></div>";
        }
      });
      return html + "</div>";
    }

    function render(query) {
      const shown = all.filter((m) => !query || m.text.includes(query));
      const counts = {};
      for (const m of shown) counts[m.status] = (counts[m.status] || 0) + 1;
      document.getElementById("score").textContent = "Mutation score " + score(all).toFixed(1) + "% of " + all.length + " mutants" +
        (query ? ", " + score(shown).toFixed(1) + "% of the " + shown.length + " shown" : "");
      document.getElementById("counts").innerHTML = order.filter((k) => counts[k])
        .map((k) => '<span class="' + k + '" data-status="' + k + '"><span class="mark">' + marks[k] + "</span>" + counts[k] + " " + labels[k] + "</span>").join("") +
        '<span data-status="total">' + shown.length + " shown of " + all.length + "</span>";
      const survived = shown.filter((m) => m.status === "survived");
      document.getElementById("survived").innerHTML = survived.length === 0 ? "" :
        "<h2>Survived (" + survived.length + ")</h2><p class=\"where\">No test noticed these changes: each needs a test (or an assertion) that fails with it.</p>" + survived.map(item).join("");
      const uncovered = shown.filter((m) => m.status === "noCoverage");
      document.getElementById("uncovered").innerHTML = uncovered.length === 0 ? "" :
        "<details" + (query ? " open" : "") + "><summary><h2 style=\"display: inline\">Not covered (" + uncovered.length + ")</h2></summary>" + uncovered.map(item).join("") + "</details>";
      let html = "<h2>Files</h2>";
      for (const file of files) {
        const mine = shown.filter((m) => m.file === file);
        if (mine.length === 0) continue;
        const missed = mine.filter((m) => m.status === "survived" || m.status === "noCoverage").length;
        html += '<details class="file" data-path="' + escape(file.path) + '"><summary><span class="mark ' + (missed ? "failed" : "passed") + '">' + (missed ? "✗" : "✓") + "</span>" +
          escape(file.path) + ' <span class="time">' + score(file.mutants).toFixed(1) + "%, " + mine.length + " mutants, " + missed + " missed</span></summary></details>";
      }
      const section = document.getElementById("files");
      section.innerHTML = html;
      // A file's source is drawn when it opens: a big package's would slow the first render.
      const fill = (element) => {
        if (!element.open || element.dataset.filled) return;
        const file = files.find((f) => f.path === element.dataset.path);
        element.insertAdjacentHTML("beforeend", source(file, shown.filter((m) => m.file === file)));
        element.dataset.filled = "yes";
      };
      for (const element of section.querySelectorAll("details.file")) {
        element.addEventListener("toggle", () => fill(element));
        if (element.dataset.path === opened) {
          element.open = true;
          fill(element);
        }
      }
    }

    let timer = null;
    document.getElementById("filter").addEventListener("input", (event) => {
      clearTimeout(timer);
      timer = setTimeout(() => render(event.target.value.trim().toLowerCase()), 80);
    });
    const query = new URLSearchParams(location.search).get("filter") || "";
    document.getElementById("filter").value = query;
    render(query.toLowerCase());
    // When the page finished its first render, for the browser check (Scripts/check-html-report.sh).
    document.body.dataset.renderedMs = Math.round(performance.now());
    </script>
    </body>
    </html>

    """#
}
