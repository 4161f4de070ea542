// swift-tools-version: 6.1
// A synchronous program that runs one primitive N times, for valgrind:
// scripts/primitive-instructions.sh gives instructions per operation from
// two runs (callgrind cannot run the Benchmarks package's async harness).
import PackageDescription

// PUREX509_SIZE_FIRST=1 counts the size-first configuration (docs/embedded.md).
let sizeFirst = Context.environment["PUREX509_SIZE_FIRST"] != nil

let package = Package(
    name: "PrimitiveInstructions",
    dependencies: [.package(name: "PureX509", path: "../..", traits: sizeFirst ? ["SizeFirst"] : [.defaults])],
    targets: [
        .executableTarget(name: "PrimitiveInstructions",
                          dependencies: [.product(name: "PureX509Primitives", package: "PureX509"),
                                         .product(name: "PureX509", package: "PureX509")]),
    ]
)
