# Installs the interop test's npm packages into the build tree (never into the source tree):
#   cmake -DNPM=<npm> -DSOURCE_DIR=<this folder> -DDEST_DIR=<build folder> -P npm-install.cmake
# Runs `npm ci` only when package-lock.json changed since the last install, so a test run
# after the first needs no network.
if(NOT NPM OR NOT EXISTS "${NPM}")
    message(FATAL_ERROR "npm is not on PATH (tools/test.sh installs Node.js and npm); "
                        "the MCP interop test needs it once to install its client")
endif()
foreach(var SOURCE_DIR DEST_DIR)
    if(NOT ${var})
        message(FATAL_ERROR "npm-install.cmake: ${var} is not set")
    endif()
endforeach()

file(MAKE_DIRECTORY "${DEST_DIR}")
file(COPY "${SOURCE_DIR}/package.json" "${SOURCE_DIR}/package-lock.json"
     DESTINATION "${DEST_DIR}")
file(SHA256 "${DEST_DIR}/package-lock.json" wanted)
set(stamp "${DEST_DIR}/node_modules/.grex-installed")
if(EXISTS "${stamp}")
    file(READ "${stamp}" installed)
    if(installed STREQUAL wanted)
        message(STATUS "npm packages for ${DEST_DIR} are up to date")
        return()
    endif()
endif()

message(STATUS "npm ci in ${DEST_DIR}")
execute_process(COMMAND "${NPM}" ci --no-audit --no-fund --loglevel=error
                WORKING_DIRECTORY "${DEST_DIR}"
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "npm ci failed (${rc}) in ${DEST_DIR}: the MCP interop test installs "
                        "@modelcontextprotocol/sdk from the npm registry once per build tree")
endif()
file(WRITE "${stamp}" "${wanted}")
