// swift-tools-version: 6.1
// A synchronous program that runs one primitive N times, for valgrind:
// scripts/primitive-instructions.sh gives instructions per operation from
// two runs (callgrind cannot run the Benchmarks package's async harness).
import PackageDescription

let package = Package(
    name: "PrimitiveInstructions",
    dependencies: [.package(name: "PureX509", path: "../..")],
    targets: [
        .executableTarget(name: "PrimitiveInstructions",
                          dependencies: [.product(name: "PureX509Primitives", package: "PureX509"),
                                         .product(name: "PureX509", package: "PureX509")]),
    ]
)
