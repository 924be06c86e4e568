/// Packs rectangles into a square page in rows ("shelves"): each shelf is as tall as the first
/// rectangle placed on it, and rectangles go left to right until the row is full.
struct ShelfPacker {
    private struct Shelf { var y: Int; var height: Int; var usedWidth: Int }
    let size: Int
    private var shelves: [Shelf] = []
    private var nextShelfY = 0

    init(size: Int) { self.size = size }

    /// The origin of a free `width` x `height` area, or nil when the page has no room.
    mutating func allocate(width: Int, height: Int) -> (x: Int, y: Int)? {
        guard width <= size, height <= size else { return nil }
        // Best fit: the lowest shelf tall enough, wasting at most half its height.
        var best: Int?
        for index in shelves.indices where shelves[index].height >= height
            && shelves[index].height <= height * 2 && shelves[index].usedWidth + width <= size {
            if best == nil || shelves[index].height < shelves[best!].height { best = index }
        }
        if let best {
            let x = shelves[best].usedWidth
            shelves[best].usedWidth += width
            return (x, shelves[best].y)
        }
        guard nextShelfY + height <= size else { return nil }
        shelves.append(Shelf(y: nextShelfY, height: height, usedWidth: width))
        nextShelfY += height
        return (0, nextShelfY - height)
    }

    /// Forgets every allocation.
    mutating func reset() {
        shelves.removeAll(keepingCapacity: true)
        nextShelfY = 0
    }
}
