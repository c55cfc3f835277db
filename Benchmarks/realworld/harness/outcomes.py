"""Each test's outcome, as `swift test` says it and as `assay test` reports it, under one key.

A key is `XCTest Class/testMethod` or `Swift Testing Suite.Nested/name()` (`Swift Testing
/name()` at file scope). Outcomes are `passed`, `failed` or `skipped`; a test the process
crashed in counts as `failed`, as it does for `swift test`. The baseline is read from what
`swift test` prints for XCTest, and from the JUnit file and the event stream it writes for
Swift Testing (the stream tells which tests a crash stopped), never through Assay's own
readers. Tested on recorded output: `python3 -m unittest discover Benchmarks/realworld/tests`.
"""
import json
import re
import xml.etree.ElementTree as ElementTree

_XCTEST_LINE = re.compile(r"^Test Case '(-\[)?(.+?)\]?' (passed|failed|skipped|started)")
_WORST = {"failed": 2, "passed": 1, "skipped": 0}


def _merge(outcomes, key, outcome):
    """A test with several cases (or reported twice) keeps its worst outcome."""
    if _WORST[outcome] > _WORST.get(outcomes.get(key), -1):
        outcomes[key] = outcome


def from_xctest_output(text):
    """{key: outcome} from `swift test`'s XCTest lines; a test started and never ended failed."""
    outcomes, running = {}, None
    for line in text.splitlines():
        if not (match := _XCTEST_LINE.match(line)):
            continue
        # Linux prints `Class.testMethod`; Darwin `-[Module.Class testMethod]`. A test added at
        # run time may have any name (`Class.add string: no capacity`): the class is first.
        name = match.group(2)
        suite, test = name.split(" ", 1) if match.group(1) else name.split(".", 1)
        key = f"XCTest {suite.split('.')[-1]}/{test}"
        if match.group(3) == "started":
            running = key
        else:
            _merge(outcomes, key, match.group(3))
            running = None
    crashed = running
    if crashed:
        _merge(outcomes, crashed, "failed")
    return outcomes, crashed


def from_swift_testing_junit(path):
    """{key: outcome} from the JUnit file `swift test --xunit-output` writes for Swift Testing."""
    outcomes = {}
    try:
        root = ElementTree.parse(path).getroot()
    except ElementTree.ParseError:
        return outcomes  # cut short: a run killed at its deadline writes half a file
    for case in root.iter("testcase"):
        parts = case.get("classname", "").split(".")
        suite = ".".join(parts[1:])
        if case.find("failure") is not None or case.find("error") is not None:
            outcome = "failed"
        elif case.find("skipped") is not None:
            outcome = "skipped"
        else:
            outcome = "passed"
        _merge(outcomes, f"Swift Testing {suite}/{case.get('name')}", outcome)
    return outcomes


def from_swift_testing(junit, events):
    """{key: outcome} and the tests a crash stopped, for Swift Testing, from the JUnit file and
    the event stream `swift test` writes."""
    found = from_swift_testing_junit(junit) if junit.exists() else {}
    streamed, stopped = from_swift_testing_events(events)
    for key, outcome in streamed.items():
        # The JUnit file says a cancelled test (`Test.cancel`, Swift Testing's skip) passed.
        if outcome == "skipped" and found.get(key) == "passed":
            found[key] = outcome
        found.setdefault(key, outcome)
    return found, stopped


def swift_testing_key(test_id):
    """The key of a Swift Testing function from its event-stream id:
    `Module.Outer/Inner/name()/File.swift:5:6` is `Swift Testing Outer.Inner/name()`, as the
    JUnit file names it (`Swift Testing /name()` at file scope); `None` for a suite."""
    path = test_id.split(".", 1)[1] if "." in test_id.split("/")[0] else test_id
    parts = path.split("/")
    if re.fullmatch(r".+\.swift:\d+:\d+", parts[-1]):
        parts = parts[:-1]
    if not parts or not parts[-1].endswith(")"):
        return None
    return f"Swift Testing {'.'.join(parts[:-1])}/{parts[-1]}"


def from_test_list(text):
    """The keys of the tests `swift test list` prints (`Module.Class/testMethod` for XCTest,
    `Module.Suite/name()` for Swift Testing); other lines (warnings) are not tests."""
    keys = set()
    for line in text.splitlines():
        line = line.strip()
        if "/" not in line or " " in line or "." not in line.split("/")[0]:
            continue
        if line.endswith(")"):
            key = swift_testing_key(line)
            if key:
                keys.add(key)
        else:
            suite, test = line.split("/", 1)
            keys.add(f"XCTest {suite.split('.')[-1]}/{test}")
    return keys


def from_swift_testing_events(path):
    """{key: outcome} and the tests that started and never ended, from the event stream
    `swift test --event-stream-output-path` writes line by line (version 0). Unlike the JUnit
    file, written at the end, it survives a crash: a test the process crashed in started and
    never ended, and counts as `failed`, as for XCTest. In parallel, every test still running
    when the process died is such a test."""
    outcomes, started, ended, skipped, failed = {}, [], set(), set(), set()
    try:
        lines = open(path, encoding="utf-8", errors="replace").read().splitlines()
    except OSError:
        return outcomes, []
    for line in lines:
        try:
            record = json.loads(line)
        except ValueError:
            continue  # the last line of a process killed while writing
        payload = record.get("payload") or {}
        if record.get("kind") != "event" or not payload.get("testID"):
            continue
        key = swift_testing_key(payload["testID"])
        kind = payload.get("kind")
        if key is None:
            continue
        if kind == "testStarted":
            started.append(key)
        elif kind == "testEnded":
            ended.add(key)
        elif kind in ("testSkipped", "testCancelled"):
            # A cancelled test (`Test.cancel`) is skipped, unless it recorded an issue first;
            # a cancelled case of a test (`testCaseCancelled`) leaves the test's outcome alone.
            skipped.add(key)
        elif kind == "issueRecorded" and not (payload.get("issue") or {}).get("isKnown"):
            failed.add(key)
    for key in skipped:
        _merge(outcomes, key, "failed" if key in failed else "skipped")
    for key in ended - skipped:
        _merge(outcomes, key, "failed" if key in failed else "passed")
    crashed = [key for key in dict.fromkeys(started) if key not in ended]
    for key in crashed:
        _merge(outcomes, key, "failed")
    return outcomes, crashed


_ASSAY = {"passed": "passed", "knownIssue": "passed", "skipped": "skipped",
          "failed": "failed", "crashed": "failed", "timedOut": "failed"}


def from_assay_report(path):
    """{key: outcome} and {key: [assay's own outcomes and reasons]} from `assay test --report json:`."""
    outcomes, details = {}, {}
    for result in json.loads(open(path).read())["results"]:
        test = result["id"]
        key = f"{test['library']} {test['suite'].replace('/', '.')}/{test['test']}"
        _merge(outcomes, key, _ASSAY[result["outcome"]])
        if result["outcome"] not in ("passed", "skipped"):
            reason = result.get("reason") or "; ".join(i["message"] for i in result.get("issues", []))
            details.setdefault(key, []).append(f"{result['outcome']}: {reason}"[:300])
    return outcomes, details
