import Foundation

extension ProjectStore {
    /// Takes back `share()` of a root that was not shared before it, for a `sync --init` that failed
    /// after sharing: the store forgets the shared root first, then the root's `.project/` goes. A
    /// crash between the two leaves a root shared as `share()` left it, which the next command joins
    /// again: never a store that waits for a `.project/` that is gone.
    public func unshare() throws(ProjectStoreError) {
        let root: String? = try changeAndTidy { catalog throws(ProjectStoreError) in
            defer {
                catalog.sharing = nil
                catalog.changes += 1
            }
            return catalog.sharing?.root
        }
        guard let root else { return }
        try shared.unshare(root, machine: machine().id)
    }
}
