import Foundation

/// A report as one self-contained HTML page that works as a test navigator: targets, suites,
/// tests and cases as a tree with their marks and counts, failures first with their message
/// and `file:line`, a filter box, durations, and for each test the command that reruns it.
///
/// The page loads nothing from the network: its style, script and data are in the file.
public enum HTMLReport {
  /// The page for `report`; `root` (the package's folder) shortens file paths. Without it
  /// (a merged report), paths are shortened by the folder all the results' files share.
  public static func html(_ report: TestReport, root: String? = nil) -> String {
    let root = root ?? commonFolder(of: report.results.compactMap { $0.location?.file })
    let rows = report.results.map { row($0, root: root) }
    let data = (try? JSONSerialization.data(withJSONObject: rows, options: [.sortedKeys])) ?? Data()
    let counts = report.counts
    let summary = TestOutcome.allCases.compactMap { outcome in
      counts[outcome].map { "\($0) \(label(outcome))" }
    }.joined(separator: ", ")
    return
      template
      .replacingOccurrences(of: "{{STYLE}}", with: style)
      .replacingOccurrences(of: "{{TITLE}}", with: xmlEscaped("Tests: \(summary)"))
      .replacingOccurrences(of: "{{DATA}}", with: embedded(json: data))
  }

  /// `data` (JSON) as the text of a `<script>` element: "</" would end the element, and
  /// JSON allows "<\\/" for it.
  public static func embedded(json data: Data) -> String {
    String(decoding: data, as: UTF8.self).replacingOccurrences(of: "</", with: "<\\/")
  }

  /// `text` escaped for HTML content and attributes.
  public static func escaped(_ text: String) -> String { xmlEscaped(text) }

  /// The style sheet that Assay's pages share (this one and `assay mutate`'s): marks, the
  /// filter box, foldable sections, failures and monospaced text.
  public static let style = #"""
    body { font: 14px/1.4 -apple-system, system-ui, sans-serif; margin: 1.5em; color: #222; }
    h1 { font-size: 1.3em; margin: 0 0 .5em; }
    #counts span { margin-right: 1em; font-weight: 600; }
    #filter { width: 30em; padding: .3em; margin: .8em 0; font: inherit; }
    .mark { display: inline-block; width: 1.2em; text-align: center; font-weight: bold; }
    .passed .mark, .mark.passed { color: #1a7f37; }
    .failed .mark, .crashed .mark, .timedOut .mark, .mark.failed { color: #cf222e; }
    .skipped .mark, .knownIssue .mark { color: #9a6700; }
    details { margin-left: 1.2em; }
    summary { cursor: pointer; }
    .test { margin-left: 2.4em; }
    .failure { border-left: 3px solid #cf222e; padding: .3em .8em; margin: .6em 0; background: #fff5f5; }
    pre { white-space: pre-wrap; margin: .3em 0; font: 12px/1.4 ui-monospace, monospace; }
    .where, .rerun, .time { color: #57606a; font-size: .9em; }
    code.rerun { user-select: all; }
    .hidden { display: none; }
    """#

  /// The longest folder that holds every one of `files`; `nil` when they share none but `/`.
  static func commonFolder(of files: [String]) -> String? {
    guard var common = files.first?.split(separator: "/").dropLast() else { return nil }
    for file in files.dropFirst() {
      let folders = file.split(separator: "/").dropLast()
      common = common.prefix(zip(common, folders).prefix { $0 == $1 }.count)
    }
    return common.isEmpty || !(files.first?.hasPrefix("/") ?? false)
      ? nil : "/" + common.joined(separator: "/")
  }

  private static func label(_ outcome: TestOutcome) -> String {
    switch outcome {
    case .passed: "passed"
    case .failed: "failed"
    case .skipped: "skipped"
    case .knownIssue: "with known issues"
    case .crashed: "crashed"
    case .timedOut: "timed out"
    }
  }

  private static func row(_ result: TestResult, root: String?) -> [String: Any] {
    func shortened(_ path: String) -> String {
      guard let root, path.hasPrefix(root + "/") else { return path }
      return String(path.dropFirst(root.count + 1))
    }
    let id = result.id
    let location = result.location.map { "\(shortened($0.file)):\($0.line)" }
    let rerun =
      id.testCase == nil
      ? (location.map { "assay test \($0)" } ?? "assay test --only '\(id.testName)'")
      : "assay test --only '\(id.testName)'"
    var row: [String: Any] = [
      "target": id.target, "suite": id.suite.isEmpty ? "(no suite)" : id.suite,
      "test": id.test, "outcome": result.outcome.rawValue,
      "duration": (result.duration * 1000).rounded() / 1000, "rerun": rerun,
    ]
    if let testCase = id.testCase { row["case"] = testCase }
    if let location { row["location"] = location }
    if let reason = result.reason { row["reason"] = reason }
    if let output = result.output, !output.isEmpty { row["output"] = output }
    let issues = result.issues.map { issue -> [String: String] in
      var entry = ["message": issue.message]
      if let place = issue.location { entry["location"] = "\(shortened(place.file)):\(place.line)" }
      if issue.isKnown { entry["known"] = "yes" }
      if issue.isWarning { entry["warning"] = "yes" }
      return entry
    }
    if !issues.isEmpty { row["issues"] = issues }
    return row
  }

  private static let template = #"""
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <title>{{TITLE}}</title>
    <style>
    {{STYLE}}
    </style>
    </head>
    <body>
    <h1>Test results</h1>
    <div id="counts"></div>
    <input id="filter" type="search" placeholder="Filter tests by name, file or message" autofocus>
    <section id="failures"></section>
    <section id="tree"></section>
    <script type="application/json" id="data">{{DATA}}</script>
    <script>
    "use strict";
    const rows = JSON.parse(document.getElementById("data").textContent);
    const bad = new Set(["failed", "crashed", "timedOut"]);
    const marks = { passed: "✓", failed: "✗", crashed: "✗", timedOut: "✗", skipped: "–", knownIssue: "!" };
    const labels = { passed: "passed", failed: "failed", crashed: "crashed", timedOut: "timed out", skipped: "skipped", knownIssue: "with known issues" };
    const escape = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
    const name = (r) => r.test + (r.case ? " [" + r.case + "]" : "");
    const text = (r) => [r.target, r.suite, name(r), r.location || "", (r.issues || []).map((i) => i.message).join(" ")].join(" ").toLowerCase();
    rows.forEach((r) => { r.text = text(r); });

    function detail(r) {
      let html = "";
      for (const issue of r.issues || []) {
        html += '<pre>' + escape(issue.message) + '</pre>';
        if (issue.location) html += '<div class="where">' + escape(issue.location) + (issue.known ? " (known issue)" : issue.warning ? " (warning)" : "") + '</div>';
      }
      if (r.reason && r.outcome !== "passed") html += '<div class="where">' + escape(labels[r.outcome] + ": " + r.reason) + '</div>';
      if (r.output) html += '<pre>' + escape(r.output) + '</pre>';
      return html;
    }

    function render(query) {
      const shown = rows.filter((r) => !query || r.text.includes(query));
      const counts = {};
      for (const r of shown) counts[r.outcome] = (counts[r.outcome] || 0) + 1;
      document.getElementById("counts").innerHTML = Object.keys(marks).filter((k) => counts[k])
        .map((k) => '<span class="' + k + '" data-outcome="' + k + '"><span class="mark">' + marks[k] + '</span>' + counts[k] + " " + labels[k] + '</span>').join("") +
        '<span data-outcome="total">' + shown.length + ' shown of ' + rows.length + '</span>';
      const failures = shown.filter((r) => bad.has(r.outcome));
      document.getElementById("failures").innerHTML = failures.length === 0 ? "" :
        "<h2>Failures (" + failures.length + ")</h2>" + failures.map((r) =>
          '<div class="failure ' + r.outcome + '"><span class="mark">' + marks[r.outcome] + '</span><b>' + escape(r.target + "." + r.suite + "/" + name(r)) + '</b>' +
          (r.location ? ' <span class="where">' + escape(r.location) + '</span>' : "") + detail(r) +
          '<div class="rerun">rerun: <code class="rerun">' + escape(r.rerun) + '</code></div></div>').join("");
      const tree = new Map();
      for (const r of shown) {
        if (!tree.has(r.target)) tree.set(r.target, new Map());
        const suites = tree.get(r.target);
        if (!suites.has(r.suite)) suites.set(r.suite, []);
        suites.get(r.suite).push(r);
      }
      const badCount = (list) => list.filter((r) => bad.has(r.outcome)).length;
      let html = "<h2>All tests</h2>";
      for (const [target, suites] of [...tree].sort((a, b) => a[0].localeCompare(b[0]))) {
        const all = [...suites.values()].flat();
        const failing = badCount(all);
        html += '<details class="target"' + (failing || query ? " open" : "") + '><summary><span class="mark ' + (failing ? "failed" : "passed") + '">' + (failing ? "✗" : "✓") + '</span>' +
          escape(target) + ' <span class="time">' + (all.length - failing) + "/" + all.length + '</span></summary>';
        for (const [suite, list] of [...suites].sort((a, b) => a[0].localeCompare(b[0]))) {
          const suiteFailing = badCount(list);
          html += '<details class="suite"' + (suiteFailing || query ? " open" : "") + '><summary><span class="mark ' + (suiteFailing ? "failed" : "passed") + '">' + (suiteFailing ? "✗" : "✓") + '</span>' +
            escape(suite) + ' <span class="time">' + (list.length - suiteFailing) + "/" + list.length + '</span></summary>';
          for (const r of list) {
            html += '<div class="test ' + r.outcome + '"><span class="mark">' + marks[r.outcome] + '</span>' + escape(name(r)) +
              ' <span class="time">' + r.duration.toFixed(3) + ' s</span>' + (r.location ? ' <span class="where">' + escape(r.location) + '</span>' : "") +
              ' <code class="rerun">' + escape(r.rerun) + '</code>' + (bad.has(r.outcome) ? detail(r) : "") + '</div>';
          }
          html += "</details>";
        }
        html += "</details>";
      }
      document.getElementById("tree").innerHTML = html;
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
