# TABULA_FUZZ=ON builds the fuzz targets of fuzz/ (fuzz/README.md) with clang's libFuzzer,
# AddressSanitizer and UndefinedBehaviorSanitizer. Everything compiled in that build folder is
# instrumented for coverage (fuzzer-no-link) and keeps its asserts; only the fuzz targets link
# the fuzzer's main. Needs clang++ and its runtime (Debian: clang, libclang-rt-14-dev;
# scripts/install-deps.sh --test installs them).
if(TABULA_FUZZ)
    if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
        message(FATAL_ERROR "TABULA_FUZZ=ON needs clang++ (libFuzzer): configure a build folder "
                            "of its own with -DCMAKE_CXX_COMPILER=clang++")
    endif()
    add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined
                        -fno-omit-frame-pointer -UNDEBUG)
    add_link_options(-fsanitize=address,undefined)
    # How long `ctest` runs each target (scripts/test.sh); a long run is by hand (fuzz/README.md).
    set(TABULA_FUZZ_SECONDS 15 CACHE STRING "Seconds each fuzz target runs under ctest")
endif()
