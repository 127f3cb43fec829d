# The shared compile settings every grex target links (grex_build_flags).
add_library(grex_build_flags INTERFACE)
add_library(Grex::BuildFlags ALIAS grex_build_flags)

target_compile_features(grex_build_flags INTERFACE cxx_std_20)
target_compile_definitions(grex_build_flags INTERFACE
    QT_NO_CAST_FROM_ASCII
    QT_NO_CAST_TO_ASCII
    QT_NO_CAST_FROM_BYTEARRAY
    QT_NO_NARROWING_CONVERSIONS_IN_CONNECT
    QT_USE_QSTRINGBUILDER
    GREX_VERSION="${PROJECT_VERSION}")
if(GREX_DEBUG_CHECKS)
    target_compile_definitions(grex_build_flags INTERFACE GREX_DEBUG_CHECKS)
endif()

if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(grex_build_flags INTERFACE
        -Wall -Wextra -pedantic -Wold-style-cast -Woverloaded-virtual
        -Wnon-virtual-dtor -Wshadow)
    if(GREX_WARNINGS_AS_ERRORS)
        target_compile_options(grex_build_flags INTERFACE -Werror)
    endif()
elseif(MSVC)
    target_compile_options(grex_build_flags INTERFACE /W4 /permissive- /utf-8 /Zc:__cplusplus)
    if(GREX_WARNINGS_AS_ERRORS)
        target_compile_options(grex_build_flags INTERFACE /WX)
    endif()
endif()

# -DGREX_SANITIZE=address,undefined or -DGREX_SANITIZE=thread: every target that links
# grex_build_flags (all of them, through grex_core) is built and linked with those sanitizers.
set(GREX_SANITIZE "" CACHE STRING "Sanitizers: address,undefined or thread (GCC and Clang)")
# -DGREX_BUILD_FUZZ=ON: everything is instrumented for libFuzzer's coverage feedback, and built
# with address,undefined unless GREX_SANITIZE names other sanitizers. Only the fuzz targets link
# libFuzzer itself (tests/fuzz).
if(GREX_BUILD_FUZZ)
    if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
        message(FATAL_ERROR "GREX_BUILD_FUZZ needs Clang (libFuzzer): -DCMAKE_CXX_COMPILER=clang++")
    endif()
    if(NOT GREX_SANITIZE)
        set(GREX_SANITIZE address,undefined)
    endif()
    target_compile_options(grex_build_flags INTERFACE -fsanitize=fuzzer-no-link)
endif()
if(GREX_SANITIZE)
    if(NOT CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
        message(FATAL_ERROR "GREX_SANITIZE needs GCC or Clang")
    endif()
    # -g1 keeps the functions and line tables a sanitizer's report names, not the locals a
    # debugger shows: it builds a tenth faster, and this is the build CI runs.
    target_compile_options(grex_build_flags INTERFACE
        -fsanitize=${GREX_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all -g1)
    target_link_options(grex_build_flags INTERFACE -fsanitize=${GREX_SANITIZE})
endif()
