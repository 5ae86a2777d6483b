import Model

/// Minimal failures usually sit at the end: tries the last 2, 4, 8… steps.
package struct SuffixSearch: ShrinkPass {
    package init() {}
    package var name: String { "suffix" }

    package func candidates(_ current: [Op]) -> [[Op]] {
        Array(sequence(first: 2) { $0 * 2 }.prefix { $0 < current.count }.map { Array(current.suffix($0)) })
    }
}
