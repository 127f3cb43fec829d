# Translations have one lupdate owner (this file) covering core, cli and gui, and their .qm
# files are embedded once, in grex_core under :/i18n, where both executables find them.
set(GREX_TS_FILES
    "${PROJECT_SOURCE_DIR}/translations/grex_en.ts"
    "${PROJECT_SOURCE_DIR}/translations/grex_de.ts")

file(GLOB_RECURSE _grex_tr_sources CONFIGURE_DEPENDS
    "${PROJECT_SOURCE_DIR}/src/*.cpp" "${PROJECT_SOURCE_DIR}/src/*.h")

qt_add_lupdate(grex_core
    TS_FILES ${GREX_TS_FILES}
    SOURCES ${_grex_tr_sources}
    # Includes name their layer ("core/...", "gui/..."), so src/ is the one include root; lupdate
    # needs the headers to put each tr() in its class's context.
    INCLUDE_DIRECTORIES "${PROJECT_SOURCE_DIR}/src"
    OPTIONS -no-obsolete -locations none)

qt_add_lrelease(grex_core
    TS_FILES ${GREX_TS_FILES}
    QM_FILES_OUTPUT_VARIABLE _grex_qm_files)

qt_add_resources(grex_core "grex_i18n"
    PREFIX "/i18n"
    BASE "${CMAKE_CURRENT_BINARY_DIR}"
    FILES ${_grex_qm_files})
