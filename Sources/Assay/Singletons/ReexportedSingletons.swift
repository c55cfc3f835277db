// `SingletonByChoice` lives in the small `AssaySingletons` module, so that production code can
// conform without linking a test library; tests get it with `import Assay`.
@_exported import AssaySingletons
