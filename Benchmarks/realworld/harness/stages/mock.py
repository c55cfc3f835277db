"""`assay mock` on every public protocol of the package's library modules, as a user starts:
the protocols are read from the compiler's symbol graphs (`swift package dump-symbol-graph`),
mocked per module with the default options (`assay mock SOURCES --import MODULE --protocol P
...`), and the mocks compiled in a target of their own that depends on the module and Assay.

A mock the compiler rejects is taken out and the target built again, until it builds: each
protocol is then compiled, rejected (with the compiler's first error), refused by the tool
(with its message), or lost to a crash. Runs on a clone of its own, deleted after.
"""
import json
import pathlib
import re
import shutil

from .. import repairs, shell, workspace
from . import migrate as migrate_stage

MOCK_TIMEOUT = 10 * 60
BUILD_TIMEOUT = 45 * 60
SEGMENT = re.compile(r"^[ \t]*/// A mock of `([^`]+)`", re.M)
# The mocks' target has the module's Swift settings, as a test target of the package would: a
# mock keeps its protocol's `#if` conditions, and swift-crypto's `#if !CRYPTO_IN_SWIFTPM_FORCE_BUILD_API`
# chose `CryptoKit.Digest` in a target without the package's defines.
MANIFEST_ADDITION = """
package.targets.append(.target(name: "{target}", dependencies: ["{name}", .product(name: "Assay", package: "assay")], path: "{path}", swiftSettings: package.targets.first {{ $0.name == "{name}" }}?.swiftSettings))
"""
# A manifest before tools 5.0 has no `swiftSettings:` (onevcat/Rainbow's, 4.0).
MANIFEST_ADDITION_BEFORE_5 = """
package.targets.append(.target(name: "{target}", dependencies: ["{name}", .product(name: "Assay", package: "assay")], path: "{path}"))
"""
TOOLS_VERSION = re.compile(r"swift-tools-version:\s*(\d+)")


def manifest_addition(manifest_text, **names):
    """The mocks' target, as `manifest_text`'s tools version can declare it."""
    found = TOOLS_VERSION.search(manifest_text.split("\n", 1)[0])
    template = MANIFEST_ADDITION_BEFORE_5 if found and int(found.group(1)) < 5 else MANIFEST_ADDITION
    return template.format(**names)


# A package that Assay itself depends on (swift-syntax) cannot add Assay: SwiftPM refuses the
# cycle. Its users mock its protocols in a package of their own, which depends on it at the
# same version and on Assay: the mocks are compiled there.
CONSUMER_MANIFEST = """// swift-tools-version: 5.9
import PackageDescription

// Made by Assay's real-world harness: a user's package of mocks of {name}'s protocols.
let package = Package(
    name: "AssayMocksConsumer",
    dependencies: [
        .package(url: "{url}", exact: "{version}"),
        .package(path: "{assay}"),
    ],
    targets: [
{targets}
    ]
)
"""
CONSUMER_TARGET = ('        .target(name: "AssayMocksOf{module}", dependencies: [.product(name: "{product}", '
                   'package: "{name}"), .product(name: "Assay", package: "assay")], path: "{path}"),')


def assay_depends_on(package, assay):
    """Whether Assay's manifest names the package among its dependencies."""
    manifest = (assay / "Package.swift").read_text()
    return f'.package(url: "{package.url}"'.lower() in manifest.lower()


def library_product(description, target):
    """The library product of the package that a user imports `target` through, if any (one
    named as the target first)."""
    products = [p for p in description.get("products", [])
                if "library" in p.get("type", {}) and target in p.get("targets", [])]
    named = [p for p in products if p["name"] == target]
    return (named or products or [{}])[0].get("name")


def consumer(package, parent, assay, description, modules):
    """The consumer package beside the clone, its mocks copied in: the folder to build in. A
    module no library product exposes cannot be imported by a user: its mocks are rejected."""
    folder = parent / "consumer"
    targets = []
    for entry in modules:
        target = entry["target"]
        product = library_product(description, target)
        if not product:
            # Mocked by the tool, rejected for the compiler's reach: not counted as refused.
            entry["rejected"] = {name: f"no library product of {package.name} exposes {target}: "
                                       "a user cannot import it" for name in entry["mocked"]}
            entry["unimportable"] = True
            continue
        path = f"AssayMocks/{entry['module']}"
        (folder / path).mkdir(parents=True, exist_ok=True)
        shutil.copy(parent / package.name / path / "Mocks.swift", folder / path / "Mocks.swift")
        targets.append(CONSUMER_TARGET.format(module=entry["module"], product=product, name=package.name,
                                              path=path))
    (folder / "Package.swift").write_text(CONSUMER_MANIFEST.format(
        name=package.name, url=package.url, version=package.version, assay=assay,
        targets="\n".join(targets)))
    return folder


def public_protocols(folder, modules):
    """{module: [protocol, ...]} from the symbol graphs of the package's modules."""
    result = shell.run(["swift", "package", "dump-symbol-graph"], folder, BUILD_TIMEOUT)
    # It fails on some packages for a module it makes itself (`NAMEPackageTests`), after
    # writing the others' graphs: what counts is whether the libraries' graphs are there.
    written = re.search(r"Files written to (\S+)", result.output)
    root = pathlib.Path(written.group(1)) if written else folder / ".build"
    found = {}
    for module in modules:
        paths = list(root.rglob(f"{module}.symbols.json"))
        protocols = set()
        for path in paths:
            if not path.exists():
                continue
            graph = json.loads(path.read_text())
            for symbol in graph.get("symbols", []):
                if (symbol["kind"]["identifier"] == "swift.protocol"
                        and symbol.get("accessLevel") in ("public", "open")):
                    protocols.add(".".join(symbol["pathComponents"]))
        if paths:
            found[module] = sorted(protocols)
    if not found:
        raise workspace.NotMeasurable(f"swift package dump-symbol-graph: {result.first_error()}")
    missing = [m for m in modules if m not in found]
    if missing:
        raise workspace.NotMeasurable(f"no symbol graph for {', '.join(missing)}: {result.first_error()}")
    return found


def segments(text):
    """[(protocol, first line, last line)] of a mocks file, from each mock's doc comment; a mock
    that `assay mock` wraps in `extension Outer {` (a nested protocol's) or `#if` (its
    protocol's condition) starts there, so taking a mock out never leaves one without its end."""
    lines_of = text.split("\n")
    starts = []
    for m in SEGMENT.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        # Every opening line right above: swift-crypto's `HashFunction` has a mock per branch
        # of an associated type's `#if`, inside its protocol's own `#if`.
        while line > 1 and lines_of[line - 2].lstrip().startswith(("extension ", "#if")):
            line -= 1
        starts.append((m.group(1), line))
    lines = text.count("\n") + 1
    return [(name, line, (starts[i + 1][1] - 1) if i + 1 < len(starts) else lines)
            for i, (name, line) in enumerate(starts)]


def mocked_names(text, names):
    """The protocols of `names` that a mocks file holds a mock of, each once: a protocol
    declared in several `#if` branches has a mock in each (FlyingSocks' `EventQueue`), which
    counted it twice (13 of 12 compiled)."""
    return list(dict.fromkeys(name for name, _, _ in segments(text) if name in names))


def without(text, first, last):
    lines = text.split("\n")
    return "\n".join(lines[:first - 1] + lines[last:])


def run(package, work, scratch, assay):
    parent = work / f"{package.slug}@mock"
    shutil.rmtree(parent, ignore_errors=True)
    try:
        return _run(package, workspace.clone(package, work, parent / package.name), scratch, assay)
    finally:
        shutil.rmtree(parent, ignore_errors=True)


def _run(package, folder, scratch, assay):
    repaired = repairs.apply(package, folder)
    description = workspace.describe(folder)
    libraries = [t for t in description.get("targets", [])
                 if t.get("type") == "library" and t.get("module_type") == "SwiftTarget"]
    if not libraries:
        return {"status": "nothing to mock", "why": "the package has no Swift library module"}
    protocols = public_protocols(folder, [t["c99name"] for t in libraries])
    if not any(protocols.values()):
        return {"status": "nothing to mock", "why": "its library modules declare no public protocol"}
    source = migrate_stage.assay_source(scratch)
    # Where the mocks are compiled: in the package itself, or, when Assay depends on it, in a
    # package of a user's beside it.
    in_consumer = assay_depends_on(package, source)
    if not in_consumer:
        migrate_stage.add_assay(folder, source)
    modules, additions = [], []
    for target in libraries:
        module = target["c99name"]
        if not protocols[module]:
            continue
        path = f"AssayMocks/{module}"
        (folder / path).mkdir(parents=True, exist_ok=True)
        output = folder / path / "Mocks.swift"
        # The default options, as a user starts: every protocol of the sources is mocked; the
        # public ones are counted (the others cannot compile outside the module, and are
        # taken out with the mocks the compiler rejects).
        command = [assay, "mock", target["path"], "--import", module, "-o", output]
        result = shell.run(command, folder, MOCK_TIMEOUT)
        refused = [l.strip() for l in result.output.splitlines() if ": error: " in l]
        crashed = result.exit < 0 or "Fatal error" in result.output or result.timed_out
        text = output.read_text() if output.exists() else ""
        public = {name.split(".")[-1] for name in protocols[module]}
        mocked = mocked_names(text, public)
        failed = "" if result.exit in (0, 1) else result.first_error()
        modules.append({"module": module, "target": target["name"], "protocols": protocols[module],
                        "mock_exit": result.ended(),
                        "crashed": crashed, "crash": result.first_error() if crashed else "",
                        "tool_error": failed, "refused": refused[:20], "mocked": mocked,
                        "compiled": [], "rejected": {}})
        additions.append(dict(target=f"AssayMocksOf{module}", module=module, path=path, name=target["name"]))
    if in_consumer:
        folder = consumer(package, folder.parent, source, description, modules)
    else:
        for manifest in sorted(folder.glob("Package*.swift")):
            text = manifest.read_text()
            manifest.write_text(text + "".join(manifest_addition(text, **names) for names in additions))
    resolved = shell.run(["swift", "package", "resolve"], folder, 1800)
    if not resolved.ok:
        return {"status": "not measurable", "why": f"adding Assay and the mocks' targets: {resolved.first_error()}"}
    for entry in modules:
        if not entry.get("unimportable"):
            compile_mocks(folder, entry)
    total = sum(len(m["protocols"]) for m in modules)
    return {"status": "measured", "repaired": repaired, "modules": modules, "protocols": total,
            "compiled_in": "a package of a user's (Assay depends on this one)" if in_consumer else "the package",
            "compiled": sum(len(m["compiled"]) for m in modules),
            "crashes": sum(m["crashed"] for m in modules),
            "refused": sum(len(m["protocols"]) - len(m["mocked"]) for m in modules if not m["crashed"])}


def compile_mocks(folder, entry):
    """Builds the module's mocks; takes out each mock the compiler rejects, until it builds."""
    output = folder / "AssayMocks" / entry["module"] / "Mocks.swift"
    if not entry["mocked"]:
        return
    text = output.read_text()
    while True:
        build = shell.run(["swift", "build", "--target", f"AssayMocksOf{entry['module']}"], folder, BUILD_TIMEOUT)
        if build.ok:
            entry["compiled"] = mocked_names(text, entry["mocked"])
            return
        errors = []
        for line in build.output.splitlines():
            match = re.match(r"^(.*?):(\d+):\d+: error: (.*)$", line.strip())
            if match and match.group(1).endswith(f"AssayMocks/{entry['module']}/Mocks.swift"):
                errors.append((int(match.group(2)), match.group(3)))
        parts = segments(text)
        rejected = {}
        for number, message in errors:
            for name, first, last in parts:
                if first <= number <= last:
                    rejected.setdefault(name, message[:200])
        if not rejected:
            # An error outside every mock (or in another module): nothing of it compiles.
            for name, _, _ in parts:
                if name in entry["mocked"]:
                    entry["rejected"][name] = build.first_error(200)
            return
        entry["rejected"].update({k: v for k, v in rejected.items() if k in entry["mocked"]})
        for name, first, last in sorted(parts, key=lambda p: -p[1]):
            if name in rejected:
                text = without(text, first, last)
        output.write_text(text)
        if not segments(text):
            return
