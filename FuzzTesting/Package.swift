// swift-tools-version: 6.1
// libFuzzer targets, one executable per FuzzTarget (Sources/PureX509Fuzzing
// in the main package holds their bodies). Build and run with ./run.sh.
import PackageDescription

let names = ["FuzzCertificate", "FuzzPEM", "FuzzEvaluation", "FuzzPinString", "FuzzPinConfiguration", "FuzzSignature", "FuzzRevocation", "FuzzPKCS12", "FuzzSCTList", "FuzzLogList"]

let package = Package(
    name: "FuzzTesting",
    dependencies: [.package(name: "PureX509", path: "..")],
    targets: names.map { name in
        .executableTarget(name: name, dependencies: [.product(name: "PureX509Fuzzing", package: "PureX509")])
    }
)
