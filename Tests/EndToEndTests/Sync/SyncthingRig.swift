import Foundation
#if canImport(Glibc)
import Glibc
#endif

// Real Syncthing instances, one per simulated machine, each sharing one folder (the writer's root)
// with every other, all on this host. The instances of a rig run inside a network namespace of the
// rig's own, holding nothing but its loopback: nothing they send can leave the machine, and rigs
// running at the same time cannot meet, so every rig uses the same fixed ports.
//
// The test process stays outside the namespace. It watches the machines' files on disk, and reaches
// an instance's REST API by running `curl` inside the namespace (`nsenter --net`).

final class SyncthingRig: @unchecked Sendable {
    /// One simulated machine.
    struct Machine: Sendable, CustomStringConvertible {
        let name: String
        /// The writer's home folder on this machine, `<rig folder>/<name>`: a `HOME` of its own.
        let home: String
        /// The folder shared with every other machine, inside `home`.
        let root: String
        /// Syncthing's own folder on this machine (its `--home`), outside `home`: configuration, keys,
        /// database, log.
        let syncthingHome: String
        let deviceID: String
        /// Where the instance listens for the other machines, on 127.0.0.1.
        let listenPort: Int
        /// Where its GUI and REST API listen, on 127.0.0.1.
        let guiPort: Int

        var log: String { syncthingHome + "/syncthing.log" }
        var description: String { "machine \(name)" }

        /// `relative` inside this machine's root.
        func path(_ relative: String) -> String { root + "/" + relative }

        /// The text of `relative` in the root, or `nil` when it is not there (or not UTF-8).
        func read(_ relative: String) -> String? {
            FileManager.default.contents(atPath: path(relative)).flatMap { String(data: $0, encoding: .utf8) }
        }

        /// Writes `text` to `relative` in the root, making the folders on the way.
        func write(_ relative: String, _ text: String) throws {
            let url = URL(fileURLWithPath: path(relative))
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }

        /// Every regular file in the root, relative and sorted, but Syncthing's folder marker.
        func files() -> [String] {
            guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
            var files: [String] = []
            while let relative = enumerator.nextObject() as? String {
                if relative == SyncthingRig.folderMarker {
                    enumerator.skipDescendants()
                } else if enumerator.fileAttributes?[.type] as? FileAttributeType == .typeRegular {
                    files.append(relative)
                }
            }
            return files.sorted()
        }
    }

    /// The id of the one folder every machine shares.
    static let folderID = "root"
    /// The folder Syncthing wants in a shared folder's top, or it refuses to sync it (so that an
    /// unmounted disk is not taken for a folder whose files were all deleted).
    static let folderMarker = ".stfolder"

    let machines: [Machine]
    /// The rig's folder: a home per machine, and `syncthing/` for each instance's own folder and the
    /// namespace supervisor's log.
    let directory: String

    private let programs: Programs
    private let lock = NSLock()
    private var supervisor: Process?
    private var supervisorInput: Pipe?
    private static let apiKey = "syncthing-rig-test-key"

    /// Makes the machines `names` (2 or 3) in `directory`: each a home with its root (`~/Writing`,
    /// the tool's default, unless `rootName` says), and Syncthing's keys and configuration. Nothing
    /// runs until `start()`.
    init(machines names: [String], in directory: String, rootName: String = "Writing") async throws {
        precondition((2...3).contains(names.count) && Set(names).count == names.count, "a rig has 2 or 3 machines, each named once")
        programs = try Programs.find()
        self.directory = directory
        var machines: [Machine] = []
        for (index, name) in names.enumerated() {
            let home = directory + "/" + name
            let root = home + "/" + rootName
            let syncthingHome = directory + "/syncthing/" + name
            try FileManager.default.createDirectory(atPath: root + "/" + Self.folderMarker, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: syncthingHome, withIntermediateDirectories: true)
            machines.append(Machine(
                name: name, home: home, root: root, syncthingHome: syncthingHome,
                deviceID: try await Self.makeKeys(syncthingHome, programs),
                listenPort: 22001 + index, guiPort: 8385 + index))
        }
        self.machines = machines
        for machine in machines {
            try Data(configuration(of: machine).utf8).write(to: URL(fileURLWithPath: machine.syncthingHome + "/config.xml"))
        }
    }

    /// Makes `count` machines (2 or 3) named "A", "B" and "C".
    convenience init(machines count: Int, in directory: String) async throws {
        try await self.init(machines: Array(["A", "B", "C"].prefix(count)), in: directory)
    }

    /// The machine named `name`.
    subscript(name: String) -> Machine {
        guard let machine = machines.first(where: { $0.name == name }) else { preconditionFailure("no machine \(name) in the rig") }
        return machine
    }

    deinit {
        stop()
    }

    // MARK: Keys and configuration

    /// Makes the instance's key and certificate in `syncthingHome` and returns its device id. (Version
    /// 1.19's `generate` prints its log on standard output and the id on standard error; `serve
    /// --device-id` prints the id alone.)
    private static func makeKeys(_ syncthingHome: String, _ programs: Programs) async throws -> String {
        // Syncthing stops at once when HOME is not set, whatever --home says.
        let environment = ["HOME": syncthingHome]
        let generated = try await runProgram(
            programs.syncthing, ["generate", "--home=" + syncthingHome, "--no-default-folder", "--skip-port-probing"],
            environment: environment)
        guard generated.status == 0 else {
            throw RigError("syncthing generate failed (exit \(generated.status)):\n\(generated.output)\(generated.errors)")
        }
        let shown = try await runProgram(
            programs.syncthing, ["serve", "--device-id", "--home=" + syncthingHome], environment: environment)
        let id = shown.output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard shown.status == 0, id.range(of: "^[A-Z2-7]{7}(-[A-Z2-7]{7}){7}$", options: .regularExpression) != nil else {
            throw RigError("syncthing serve --device-id printed no device id (exit \(shown.status)):\n\(shown.output)\(shown.errors)")
        }
        return id
    }

    /// The whole configuration of `machine`'s instance. Syncthing gives an element left out of a
    /// folder its zero value, not its usual default (`maxConflicts` 0 would turn conflict copies
    /// off), so every setting that matters is written.
    private func configuration(of machine: Machine) -> String {
        let folderDevices = machines.map { "            <device id=\"\($0.deviceID)\"></device>" }
        let devices = machines.map { device in
            """
                <device id="\(device.deviceID)" name="\(device.name)" compression="metadata" introducer="false">
                    <address>tcp://127.0.0.1:\(device.listenPort)</address>
                    <paused>false</paused>
                    <autoAcceptFolders>false</autoAcceptFolders>
                </device>
            """
        }
        // The watcher reports a change after a second; the full rescan every few seconds catches
        // anything it missed. No free space is asked for: a full disk on a test machine must not stop the folder.
        // Conflict copies are kept however many there are.
        return """
            <configuration version="36">
                <folder id="\(Self.folderID)" label="\(Self.folderID)" path="\(xmlEscaped(machine.root))" type="sendreceive" \
            rescanIntervalS="5" fsWatcherEnabled="true" fsWatcherDelayS="1" ignorePerms="false" autoNormalize="true">
            \(folderDevices.joined(separator: "\n"))
                    <filesystemType>basic</filesystemType>
                    <markerName>\(Self.folderMarker)</markerName>
                    <maxConflicts>-1</maxConflicts>
                    <minDiskFree unit="%">0</minDiskFree>
                    <paused>false</paused>
                </folder>
            \(devices.joined(separator: "\n"))
                <gui enabled="true" tls="false" debugging="false">
                    <address>127.0.0.1:\(machine.guiPort)</address>
                    <apikey>\(Self.apiKey)</apikey>
                </gui>
                <options>
                    <listenAddress>tcp://127.0.0.1:\(machine.listenPort)</listenAddress>
                    <globalAnnounceEnabled>false</globalAnnounceEnabled>
                    <localAnnounceEnabled>false</localAnnounceEnabled>
                    <relaysEnabled>false</relaysEnabled>
                    <natEnabled>false</natEnabled>
                    <urAccepted>-1</urAccepted>
                    <crashReportingEnabled>false</crashReportingEnabled>
                    <autoUpgradeIntervalH>0</autoUpgradeIntervalH>
                    <startBrowser>false</startBrowser>
                    <reconnectionIntervalS>1</reconnectionIntervalS>
                    <setLowPriority>false</setLowPriority>
                </options>
            </configuration>

            """
    }

    // MARK: Running

    /// The namespace's supervisor: brings the loopback up, starts every instance, and ends them when
    /// its standard input closes, which the kernel does if the test process dies before `stop()`.
    /// Syncthing 1.19 always runs as two processes (a monitor and the instance), `--no-restart` or not.
    /// An instance calls every other as it starts, and calls one that refused again only some 20 s
    /// later: so each starts once the one before listens, and the last call of every pair succeeds.
    private static let supervisorScript = #"""
        ip=$1 syncthing=$2
        shift 2
        "$ip" link set lo up || exit 1
        instances=
        while [ $# -ge 2 ]; do
            home=$1 port=$2
            shift 2
            HOME=$home "$syncthing" serve --home="$home" --no-browser --no-restart --no-upgrade --logflags=3 \
                </dev/null >"$home/syncthing.log" 2>&1 &
            instances="$instances $!"
            listening=$(printf ':%04X 00000000:0000 0A' "$port")
            until grep -q "$listening" /proc/net/tcp; do sleep 0.05; done
        done
        read -r ignored
        kill $instances
        wait
        """#

    /// Starts every instance in a new network namespace and returns once every machine is connected
    /// to every other.
    func start(timeout: Duration = .seconds(30)) async throws {
        let logPath = namespaceLog
        guard FileManager.default.createFile(atPath: logPath, contents: nil) else {
            throw RigError("cannot make \(logPath)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: programs.unshare)
        process.arguments = ["--net", "/bin/sh", "-c", Self.supervisorScript, "syncthing-rig", programs.ip, programs.syncthing]
            + machines.flatMap { [$0.syncthingHome, String($0.listenPort)] }
        // STHASHING names the SHA-256 code to use, sparing the second of benchmark that picks one.
        process.environment = [
            "PATH": "/usr/bin:/bin:/usr/sbin:/sbin", "LANG": "C.UTF-8", "STNOUPGRADE": "1", "STNODEFAULTFOLDER": "1",
            "STHASHING": "standard",
        ]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle(forWritingAtPath: logPath)
        process.standardError = FileHandle(forWritingAtPath: logPath)
        // Foundation starts the child as the leader of a process group of its own: `stop()` ends the group.
        try process.run()
        lock.withLock {
            supervisor = process
            supervisorInput = input
        }
        let ports = Set(machines.flatMap { [$0.listenPort, $0.guiPort] })
        try await waitUntil("every instance listens", timeout: timeout) {
            !process.isRunning || ports.isSubset(of: Set(self.listeningSockets().compactMap(\.loopbackTCPPort)))
        }
        guard process.isRunning else {
            throw RigError("the namespace's supervisor ended (exit \(process.terminationStatus))\n" + report())
        }
        try await waitUntilConnected(timeout: timeout)
    }

    /// Ends every process of the rig (the supervisor, each instance's monitor and instance) at once,
    /// stopped or not, and waits until they are gone. The files stay for the test to remove.
    func stop() {
        let (process, input) = lock.withLock {
            defer {
                supervisor = nil
                supervisorInput = nil
            }
            return (supervisor, supervisorInput)
        }
        guard let process else { return }
        let group = process.processIdentifier
        kill(-group, SIGKILL)
        process.waitUntilExit()
        try? input?.fileHandleForWriting.close()
        // The instances, orphaned, are reaped by init: wait until the group is empty.
        let deadline = ContinuousClock.now + .seconds(10)
        while kill(-group, 0) == 0 && ContinuousClock.now < deadline {
            usleep(10_000)
        }
    }

    /// What the namespace's supervisor printed (`ip` failing, say).
    private var namespaceLog: String { directory + "/syncthing/namespace.log" }

    /// The supervisor's process id: its namespace is the rig's.
    var namespaceProcess: pid_t? {
        lock.withLock { supervisor.map(\.processIdentifier) }
    }

    /// The Syncthing processes of the rig, or of `machine` alone: each instance's monitor and instance.
    func instanceProcesses(of machine: Machine? = nil) -> [pid_t] {
        guard let group = namespaceProcess,
              let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return entries.compactMap { pid_t($0) }.filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let nameStart = stat.range(of: "("), let nameEnd = stat.range(of: ")", options: .backwards) else { return false }
            // After the name: state, parent, process group.
            let fields = stat[nameEnd.upperBound...].split(separator: " ")
            guard stat[nameStart.upperBound..<nameEnd.lowerBound] == "syncthing", fields.count > 2, pid_t(fields[2]) == group else {
                return false
            }
            guard let machine else { return true }
            let arguments = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline").map { $0.split(separator: 0) } ?? []
            return arguments.contains(Data(("--home=" + machine.syncthingHome).utf8))
        }
    }

    /// Stops `machine`'s instance where it stands (SIGSTOP), as a computer asleep: it neither sees its
    /// files change nor answers the others, whose connections to it stay open. `thaw` wakes it: it
    /// then takes in what the others sent meanwhile and scans what changed on its own disk, in no set
    /// order (`disconnect` is the way to make changes apart that must meet as a conflict).
    func freeze(_ machine: Machine) {
        for pid in instanceProcesses(of: machine) { kill(pid, SIGSTOP) }
    }

    /// Lets a frozen instance go on (SIGCONT).
    func thaw(_ machine: Machine) {
        for pid in instanceProcesses(of: machine) { kill(pid, SIGCONT) }
    }

    // MARK: Network

    /// A socket bound in the rig's namespace, read from its `/proc/<pid>/net` tables.
    struct BoundSocket: CustomStringConvertible, Equatable {
        let proto: String
        let address: String
        let port: Int

        var description: String { "\(proto) \(address):\(port)" }
        var loopbackTCPPort: Int? { proto == "tcp" && address == "127.0.0.1" ? port : nil }
    }

    /// Every listening TCP socket and every bound UDP socket in the rig's namespace, IPv4 and IPv6.
    func listeningSockets() -> [BoundSocket] {
        guard let pid = namespaceProcess else { return [] }
        var sockets: [BoundSocket] = []
        for (proto, listening) in [("tcp", "0A"), ("tcp6", "0A"), ("udp", "07"), ("udp6", "07")] {
            guard let table = try? String(contentsOfFile: "/proc/\(pid)/net/\(proto)", encoding: .utf8) else { continue }
            for line in table.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ")
                guard fields.count > 3, fields[3] == listening else { continue }
                let local = fields[1].split(separator: ":")
                guard local.count == 2, let port = Int(local[1], radix: 16) else { continue }
                sockets.append(BoundSocket(proto: proto, address: Self.address(hex: String(local[0])), port: port))
            }
        }
        return sockets
    }

    /// An address from a `/proc/net` table: IPv4 as four bytes in host (little-endian) order, shown
    /// dotted; IPv6 shown as its hex.
    private static func address(hex: String) -> String {
        guard hex.count == 8, let value = UInt32(hex, radix: 16) else { return hex }
        return [0, 8, 16, 24].map { String((value >> $0) & 0xFF) }.joined(separator: ".")
    }

    /// Calls `machine`'s REST API (`/rest/<path>`) from inside the rig's namespace and returns the body.
    @discardableResult
    func rest(_ machine: Machine, _ method: String = "GET", _ path: String) async throws -> [UInt8] {
        guard let pid = namespaceProcess else { throw RigError("the rig is not running") }
        let result = try await Self.runProgram(programs.nsenter, [
            "--net=/proc/\(pid)/ns/net", programs.curl, "--silent", "--show-error", "--fail", "--max-time", "20",
            "--request", method, "--header", "X-API-Key: \(Self.apiKey)", "http://127.0.0.1:\(machine.guiPort)/rest/\(path)",
        ])
        guard result.status == 0 else {
            throw RigError("\(method) /rest/\(path) on \(machine) failed (exit \(result.status)): \(result.errors)")
        }
        return Array(result.output.utf8)
    }

    /// The device ids `machine` is connected to now.
    func connectedPeers(of machine: Machine) async throws -> Set<String> {
        guard let connections = try await restObject(machine, "system/connections")["connections"] as? [String: [String: Any]] else {
            throw RigError("\(machine): /rest/system/connections lists no connections")
        }
        return Set(connections.filter { $0.value["connected"] as? Bool == true }.keys)
    }

    /// Waits until every machine is connected to every other.
    func waitUntilConnected(timeout: Duration = .seconds(30)) async throws {
        try await waitUntil("every machine is connected to every other", timeout: timeout) {
            for machine in self.machines {
                let others = Set(self.machines.map(\.deviceID)).subtracting([machine.deviceID])
                guard try await self.connectedPeers(of: machine) == others else { return false }
            }
            return true
        }
    }

    /// Cuts `machine` off from every other machine, as a laptop going offline: Syncthing pauses
    /// every remote device. Its instance goes on running and scanning its own files. Returns once it
    /// is connected to no one.
    func disconnect(_ machine: Machine, timeout: Duration = .seconds(30)) async throws {
        try await rest(machine, "POST", "system/pause")
        try await waitUntil("\(machine) is connected to no one", timeout: timeout) {
            try await self.connectedPeers(of: machine).isEmpty
        }
    }

    /// Lets `machine` meet the others again; changes flow from then on.
    func reconnect(_ machine: Machine) async throws {
        try await rest(machine, "POST", "system/resume")
    }

    /// Has `machine`'s instance scan its root now, returning when the scan is done, so that what was
    /// written there is recorded as this machine's change before it meets the others.
    func scan(_ machine: Machine) async throws {
        try await rest(machine, "POST", "db/scan?folder=\(Self.folderID)")
    }

    /// Waits until every machine has everything every other has: each has scanned its root, needs
    /// nothing, and knows every other to need nothing of its own. For a test that cannot name the
    /// file it waits for. Every machine must be connected.
    func waitUntilSettled(timeout: Duration = .seconds(30)) async throws {
        for machine in machines {
            try await scan(machine)
        }
        try await waitUntil("every machine has every change", timeout: timeout) {
            for machine in self.machines {
                let status = try await self.restObject(machine, "db/status?folder=\(Self.folderID)")
                guard status["state"] as? String == "idle", status["needTotalItems"] as? Int == 0 else { return false }
                for other in self.machines where other.deviceID != machine.deviceID {
                    let completion = try await self.restObject(
                        machine, "db/completion?folder=\(Self.folderID)&device=\(other.deviceID)")
                    guard completion["completion"] as? Double == 100, completion["needItems"] as? Int == 0 else { return false }
                }
            }
            return true
        }
    }

    /// Waits until `machine`, idle after recording its change, counts `other` as lacking it: the sign that
    /// the change was there to cross, for a test that then checks it did not.
    func waitUntilKnownToLack(_ other: Machine, on machine: Machine, timeout: Duration = .seconds(30)) async throws {
        try await waitUntil("\(machine) is idle and knows \(other) lacks its change", timeout: timeout) {
            let status = try await self.restObject(machine, "db/status?folder=\(Self.folderID)")
            let completion = try await self.restObject(machine, "db/completion?folder=\(Self.folderID)&device=\(other.deviceID)")
            return status["state"] as? String == "idle" && (completion["needItems"] as? Int ?? 0) > 0
        }
    }

    /// `GET /rest/<path>` on `machine`, as a JSON object.
    private func restObject(_ machine: Machine, _ path: String) async throws -> [String: Any] {
        let body = try await rest(machine, "GET", path)
        guard let object = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
            throw RigError("\(machine): /rest/\(path) answered no object: \(String(decoding: body, as: UTF8.self))")
        }
        return object
    }

    // MARK: Waiting

    /// Polls `condition` until it holds; after `timeout`, throws, saying what was awaited and showing
    /// each machine's files and the end of its instance's log. A condition that throws counts as not
    /// holding yet (its last error is shown).
    func waitUntil(
        _ what: String, timeout: Duration = .seconds(30), _ condition: () async throws -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + timeout
        var lastError: (any Error)?
        while true {
            do {
                if try await condition() { return }
                lastError = nil
            } catch {
                lastError = error
            }
            if ContinuousClock.now >= deadline {
                throw RigError("waited \(timeout) until \(what), in vain"
                    + (lastError.map { "; last error: \($0)" } ?? "") + "\n" + report())
            }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    /// Each machine's files and the end of its log, and the supervisor's log, for a failure message.
    func report(logLines: Int = 25) -> String {
        var text = ""
        for machine in machines {
            let log = (try? String(contentsOfFile: machine.log, encoding: .utf8)) ?? "(no log)"
            text += "--- \(machine) (\(machine.deviceID.prefix(7))): files \(machine.files())\n"
            text += log.split(separator: "\n", omittingEmptySubsequences: false).suffix(logLines).joined(separator: "\n") + "\n"
        }
        return text + "--- namespace supervisor:\n" + ((try? String(contentsOfFile: namespaceLog, encoding: .utf8)) ?? "")
    }

    // MARK: Programs

    /// The programs the rig runs, found on PATH (or in the system's folders, where `ip` lives).
    private struct Programs {
        let syncthing, unshare, ip, nsenter, curl: String

        static func find() throws -> Programs {
            Programs(
                syncthing: try locate("syncthing", package: "syncthing"), unshare: try locate("unshare", package: "util-linux"),
                ip: try locate("ip", package: "iproute2"), nsenter: try locate("nsenter", package: "util-linux"),
                curl: try locate("curl", package: "curl"))
        }

        private static func locate(_ name: String, package: String) throws -> String {
            let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
            for folder in (path + ":/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin").split(separator: ":") {
                let candidate = "\(folder)/\(name)"
                if access(candidate, X_OK) == 0 { return candidate }
            }
            throw RigError("`\(name)` (Debian's \(package)) is missing: run bash Tests/install-test-tools.sh")
        }
    }

    /// Runs a short program to its end, with `environment` added to a minimal one, giving its exit
    /// status and both outputs.
    private static func runProgram(
        _ program: String, _ arguments: [String], environment: [String: String] = [:], timeout: Double = 30
    ) async throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin", "LANG": "C.UTF-8"].merging(environment) { $1 }
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outputCollector = OutputCollector(reading: output.fileHandleForReading)
        let errorCollector = OutputCollector(reading: errors.fileHandleForReading)
        let (status, _) = await waitForExit(process, timeout: timeout)
        return (status, String(decoding: await outputCollector.result(timeout: 5), as: UTF8.self),
                String(decoding: await errorCollector.result(timeout: 5), as: UTF8.self))
    }
}

struct RigError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

private func xmlEscaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
}
