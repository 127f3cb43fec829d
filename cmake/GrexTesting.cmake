# grex_add_test(NAME tst_x SOURCES ... [LIBS ...] [GUI] [LABEL core|mcp|cli|gui|parity]
#               [TIMEOUT seconds])
# One QtTest executable registered with CTest, in a stable environment: C.UTF-8 locale, its own
# HOME (no user git config leaks in), offscreen platform for GUI tests.
function(grex_add_test)
    cmake_parse_arguments(arg "GUI" "NAME;LABEL;TIMEOUT" "SOURCES;LIBS" ${ARGN})
    if(NOT arg_LABEL)
        set(arg_LABEL core)
    endif()
    # Room for a machine several times slower than the ones the tests were written on (process
    # start-up above all): the slowest test takes about 40 s here.
    if(NOT arg_TIMEOUT)
        set(arg_TIMEOUT 600)
    endif()
    add_executable(${arg_NAME} ${arg_SOURCES})
    target_link_libraries(${arg_NAME} PRIVATE Qt6::Test Grex::BuildFlags ${arg_LIBS})
    target_compile_definitions(${arg_NAME} PRIVATE
        GREX_TEST_DATA_DIR="${PROJECT_SOURCE_DIR}/tests/data"
        GREX_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
    add_test(NAME ${arg_NAME} COMMAND ${arg_NAME})

    set(home "${CMAKE_BINARY_DIR}/test-home/${arg_NAME}")
    file(MAKE_DIRECTORY "${home}")
    set(env
        "LC_ALL=C.UTF-8"
        "LANG=C.UTF-8"
        "HOME=${home}"
        "XDG_CONFIG_HOME=${home}/.config"
        "GIT_CONFIG_NOSYSTEM=1"
        "NO_COLOR=1"
        "GREX_LOG=")
    if(arg_GUI)
        list(APPEND env "QT_QPA_PLATFORM=offscreen")
    endif()
    set_tests_properties(${arg_NAME} PROPERTIES
        LABELS "${arg_LABEL}"
        TIMEOUT ${arg_TIMEOUT}
        ENVIRONMENT "${env}")
endfunction()

# grex_add_folder_tests([SOURCES shared ...] [LIBS ...] [LABEL ...] [TIMEOUT seconds])
# One test (grex_add_test) per tst_<unit>.cpp of the calling folder, each built with the shared
# sources: a new test file there needs no line.
function(grex_add_folder_tests)
    cmake_parse_arguments(arg "" "LABEL;TIMEOUT" "SOURCES;LIBS" ${ARGN})
    file(GLOB tests CONFIGURE_DEPENDS "${CMAKE_CURRENT_SOURCE_DIR}/tst_*.cpp")
    foreach(source ${tests})
        get_filename_component(name "${source}" NAME_WE)
        grex_add_test(NAME ${name} SOURCES ${source} ${arg_SOURCES} LIBS ${arg_LIBS}
            LABEL ${arg_LABEL} TIMEOUT ${arg_TIMEOUT})
    endforeach()
endfunction()
