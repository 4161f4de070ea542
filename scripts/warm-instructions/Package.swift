// swift-tools-version: 6.1
// A synchronous program that runs N warm evaluations of the Benchmarks
// package's RSA chain, for valgrind (callgrind cannot run an async main):
// scripts/warm-instructions.sh gives instructions and heap allocations per
// warm evaluation from two runs.
import PackageDescription

let package = Package(
    name: "WarmInstructions",
    dependencies: [.package(name: "PureX509", path: "../..")],
    targets: [
        .executableTarget(name: "WarmInstructions", dependencies: [.product(name: "PureX509", package: "PureX509"),
                                                                .product(name: "PureX509Config", package: "PureX509")]),
    ]
)
