/// Disjoint sets over `0..<count` (union by size, path halving); ``add()`` grows it by one.
struct UnionFind {
    private var parent: [Int]
    private var size: [Int]

    init(count: Int) {
        parent = Array(0..<count)
        size = Array(repeating: 1, count: count)
    }

    var count: Int { parent.count }

    /// A new singleton set: its element is the old ``count``.
    mutating func add() -> Int {
        parent.append(parent.count)
        size.append(1)
        return parent.count - 1
    }

    mutating func find(_ x: Int) -> Int {
        var x = x
        while parent[x] != x {
            parent[x] = parent[parent[x]]
            x = parent[x]
        }
        return x
    }

    mutating func union(_ a: Int, _ b: Int) {
        var ra = find(a)
        var rb = find(b)
        guard ra != rb else { return }
        if size[ra] < size[rb] { swap(&ra, &rb) }
        parent[rb] = ra
        size[ra] += size[rb]
    }
}
