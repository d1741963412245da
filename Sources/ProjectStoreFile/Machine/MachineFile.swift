#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Foundation
import ProjectStore

/// This machine's identity, kept outside the writer's root in `$XDG_STATE_HOME/project/machine`
/// (by default `~/.local/state/project/machine`): `{"id": …, "name": … or null}`, the id made at
/// random the first time, the name `null` to go by the host name. A root copied to another computer
/// never carries it along; a home copied whole does, and the machine that then finds another
/// writing its log takes a new id (`renew`).
public enum MachineFile {
    public static func path(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/project/machine" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.local/state/project/machine"
    }

    /// The machine, made and kept on first use. Should it not be kept (a read-only home), the
    /// machine is new each time, which costs only the name a history shows.
    public static func machine(environment: [String: String]) -> Machine {
        let host = hostName()
        guard let path = path(environment: environment) else { return Machine(id: UUID.random(), name: host) }
        if let bytes = try? AtomicFile.contents(of: path), let (id, name) = decode(bytes) {
            return Machine(id: id, name: name ?? host)
        }
        let id = UUID.random()
        var writer = JSONWriter(capacity: 80)
        writer.raw("{\"id\": ")
        writer.uuid(id)
        writer.raw(", \"name\": null}\n")
        if (try? StoreFolder.create(for: path)) != nil {
            // Made once, and never by two commands at once: the first to rename wins, the other reads it.
            try? AtomicFile.create(path, with: writer.bytes)
            if let bytes = try? AtomicFile.contents(of: path), let (id, name) = decode(bytes) {
                return Machine(id: id, name: name ?? host)
            }
        }
        return Machine(id: id, name: host)
    }

    /// Gives this machine the name it goes by in `history`, `sync` and commit messages; `nil`, the
    /// host name again. The id stays.
    public static func rename(to name: String?, environment: [String: String]) throws(StorageError) -> Machine {
        let current = machine(environment: environment)
        guard let path = path(environment: environment) else { throw .unwritable(path: "~/.local/state/project/machine", code: ENOENT) }
        var writer = JSONWriter(capacity: 120)
        writer.raw("{\"id\": ")
        writer.uuid(current.id)
        writer.raw(", \"name\": ")
        writer.optionalString(name)
        writer.raw("}\n")
        try StoreFolder.create(for: path)
        try AtomicFile.replace(path, with: writer.bytes)
        return Machine(id: current.id, name: name ?? hostName())
    }

    /// Gives this machine a new id in place of `previous`, keeping the name it goes by: another
    /// machine goes by `previous` (a home copied whole). A file that already names another id
    /// (another command renewed it first) is left as it is.
    public static func renew(replacing previous: UUID, environment: [String: String]) -> Machine {
        let current = machine(environment: environment)
        guard current.id == previous, let path = path(environment: environment),
              let bytes = try? AtomicFile.contents(of: path), let (_, name) = decode(bytes)
        else { return current }
        let id = UUID.random()
        var writer = JSONWriter(capacity: 120)
        writer.raw("{\"id\": ")
        writer.uuid(id)
        writer.raw(", \"name\": ")
        writer.optionalString(name)
        writer.raw("}\n")
        guard (try? AtomicFile.replace(path, with: writer.bytes)) != nil else { return current }
        return Machine(id: id, name: current.name)
    }

    private static func decode(_ bytes: [UInt8]) -> (UUID, String?)? {
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer)
            var id: UUID?
            var name: String?
            do throws(DocumentProblem) {
                try scanner.object { scanner, key throws(DocumentProblem) in
                    if key == "id" {
                        id = try scanner.parsedString(field: "id", project: 0, UUIDText.uuid)
                    } else if key == "name" {
                        name = try scanner.optionalString()
                    } else {
                        try scanner.skipValue()
                    }
                }
            } catch {
                return nil
            }
            return id.map { ($0, name?.isEmpty == false ? name : nil) }
        }
    }

    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "localhost" : name
    }
}
