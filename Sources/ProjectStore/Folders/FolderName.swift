/// The name of the folder the tool makes for a project: the project's name made safe on every file
/// system a synced root may meet (Linux, macOS, Windows).
public enum FolderName {
    /// A name component may hold at most this many bytes on the file systems we care about.
    public static let maximumBytes = 255
    static let fallback = "Project"
    /// Characters Windows (and so a synced root) refuses in names; `/` everywhere.
    private static let unsafe: Set<Character> = ["/", "\\", ":", "*", "?", "\"", "<", ">", "|"]

    /// Names Windows keeps for devices, in any letter case and whatever follows a `.`: a folder
    /// `CON` or `nul.txt` cannot be made or synced there. `COM¹`… count as `COM1`… on Windows.
    private static let devices = Set(["CON", "PRN", "AUX", "NUL"]
        + ["COM", "LPT"].flatMap { port in ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "¹", "²", "³"].map { port + $0 } })

    /// `name` in NFC, unsafe characters replaced by `-`, no leading `.`, no trailing `.` or space,
    /// a device name followed by `-` (`CON-`, `nul-.txt`), at most 255 bytes cut on a character
    /// boundary, and never empty.
    public static func safe(_ name: String) -> String {
        let replaced = String(name.precomposedStringWithCanonicalMapping.map { unsafe.contains($0) ? "-" : $0 })
        return trimmed(truncated(Substring(notADevice(replaced.drop { $0 == "." })), toBytes: maximumBytes))
    }

    /// `name` with a `-` after its part before the first `.` when that part, trailing spaces left
    /// out as Windows leaves them, is a device's name.
    private static func notADevice(_ name: Substring) -> String {
        let stem = name.prefix { $0 != "." }
        let device = String(stem.reversed().drop { $0 == " " }.reversed())
        guard device.count <= 4, devices.contains(device.uppercased()) else { return String(name) }
        return device + "-" + name.dropFirst(device.count)
    }

    /// The folder names to try in turn: `base`, `base (2)`, `base (3)`…, each within the byte limit.
    public static func candidates(for base: String) -> some Sequence<String> {
        (1...).lazy.map { number in
            guard number > 1 else { return base }
            let suffix = " (\(number))"
            return trimmed(truncated(Substring(base), toBytes: maximumBytes - suffix.utf8.count)) + suffix
        }
    }

    private static func truncated(_ text: Substring, toBytes limit: Int) -> Substring {
        var bytes = 0
        var end = text.startIndex
        for index in text.indices {
            bytes += text[index].utf8.count
            guard bytes <= limit else { break }
            end = text.index(after: index)
        }
        return text[..<end]
    }

    private static func trimmed(_ text: Substring) -> String {
        var text = text
        while let last = text.last, last == "." || last == " " { text.removeLast() }
        return text.isEmpty ? fallback : String(text)
    }
}
