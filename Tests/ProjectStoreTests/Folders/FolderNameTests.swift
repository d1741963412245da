import Testing
@testable import ProjectStore

@Suite("Folder names: safe on every file system")
struct FolderNameTests {
    @Test("characters Windows refuses become hyphens", arguments: [
        ("a/b", "a-b"), ("a\\b", "a-b"), ("Act 1: The Storm", "Act 1- The Storm"), ("Why?", "Why-"),
        ("*stars*", "-stars-"), ("\"Quoted\"", "-Quoted-"), ("<tag>", "-tag-"), ("a|b", "a-b"),
    ])
    func unsafeCharacters(_ name: String, _ folder: String) {
        #expect(FolderName.safe(name) == folder)
    }

    @Test("no leading dot, no trailing dot or space", arguments: [
        (".hidden", "hidden"), ("...dots", "dots"), ("End.", "End"), ("End. . .", "End"), ("Mid.dle", "Mid.dle"),
    ])
    func dotsAndSpaces(_ name: String, _ folder: String) {
        #expect(FolderName.safe(name) == folder)
    }

    @Test("a name Windows keeps for a device gets a hyphen after it, in any case and with any extension", arguments: [
        ("CON", "CON-"), ("con", "con-"), ("Nul", "Nul-"), ("PRN", "PRN-"), ("aux", "aux-"), ("con.txt", "con-.txt"),
        ("NUL.tar.gz", "NUL-.tar.gz"), ("COM1", "COM1-"), ("com9.md", "com9-.md"), ("LPT1", "LPT1-"), ("lpt9", "lpt9-"),
        ("COM0", "COM0-"), ("COM¹", "COM¹-"), ("CON.", "CON-"), ("CON ", "CON-"), ("CON .txt", "CON- .txt"), (".con", "con-"),
    ])
    func deviceNames(_ name: String, _ folder: String) {
        #expect(FolderName.safe(name) == folder)
    }

    @Test("names that only start or end like a device's are kept", arguments: [
        "CONSOLE", "Contact", "Icon", "COM10", "LPT", "COM", "NULL", "Aux Tales", "The Con", "my.con", "CON-", "CON (2)",
    ])
    func notDeviceNames(_ name: String) {
        #expect(FolderName.safe(name) == name)
    }

    @Test("a device name's hyphen stays within 255 bytes")
    func deviceNameAtTheByteLimit() {
        let name = "con." + String(repeating: "x", count: 251)
        let folder = FolderName.safe(name)
        #expect(folder.utf8.count == 255)
        #expect(folder.hasPrefix("con-.xxx"))
    }

    @Test("a name left empty becomes Project", arguments: [".", "...", ". .", "."])
    func emptyBecomesProject(_ name: String) {
        #expect(FolderName.safe(name) == "Project")
    }

    @Test("names are stored in NFC")
    func normalization() {
        let decomposed = "Cafe\u{301}"
        #expect(FolderName.safe(decomposed).unicodeScalars.map(\.value) == "Café".precomposedStringWithCanonicalMapping.unicodeScalars.map(\.value))
        #expect(FolderName.safe(decomposed).unicodeScalars.count == 4)
    }

    @Test("at most 255 bytes, cut between characters")
    func byteLimit() {
        let name = String(repeating: "é", count: 200)  // 400 bytes
        let folder = FolderName.safe(name)
        #expect(folder.utf8.count == 254)
        #expect(folder.allSatisfy { $0 == "é" })
        let emoji = String(repeating: "👩‍👩‍👧", count: 20)  // 18 bytes each
        #expect(FolderName.safe(emoji).utf8.count <= 255)
        #expect(FolderName.safe(emoji).utf8.count == 14 * 18)
    }

    @Test("a cut that ends in a space or dot is trimmed again")
    func trimmedAfterCut() {
        let name = String(repeating: "a", count: 254) + " b"
        #expect(FolderName.safe(name) == String(repeating: "a", count: 254))
    }

    @Test("candidates: the name, then (2), (3)… within the limit")
    func candidates() {
        #expect(Array(FolderName.candidates(for: "Draft").prefix(3)) == ["Draft", "Draft (2)", "Draft (3)"])
        let long = String(repeating: "x", count: 255)
        let second = Array(FolderName.candidates(for: long).prefix(2))[1]
        #expect(second.utf8.count == 255)
        #expect(second.hasSuffix("x (2)"))
    }
}

@Suite("Folder paths: lexical arithmetic")
struct FolderPathTests {
    @Test func insideAndRelative() {
        #expect(FolderPath.isSameOrInside("/w/a", "/w"))
        #expect(FolderPath.isSameOrInside("/w", "/w"))
        #expect(!FolderPath.isSameOrInside("/wx/a", "/w"))
        #expect(FolderPath.isSameOrInside("/anything", "/"))
        #expect(FolderPath.relative("/w/a/b", to: "/w") == "a/b")
        #expect(FolderPath.relative("/w", to: "/w") == nil)
        #expect(FolderPath.relative("/wx", to: "/w") == nil)
        #expect(FolderPath.relative("/a", to: "/") == "a")
    }

    @Test func normalizedAgainstABase() {
        #expect(FolderPath.normalized("a/./b/../c", against: "/home/me") == "/home/me/a/c")
        #expect(FolderPath.normalized("/x//y/") == "/x/y")
        #expect(FolderPath.normalized("../..", against: "/a") == "/")
    }

    @Test func parentAndLastComponent() {
        #expect(FolderPath.parent(of: "/w/a") == "/w")
        #expect(FolderPath.parent(of: "/w") == "/")
        #expect(FolderPath.lastComponent(of: "/w/Draft (2)") == "Draft (2)")
        #expect(FolderRoot.trash(besides: "/w/Novel") == "/w/.trash")
    }
}
