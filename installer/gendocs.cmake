# Makes what the packages install besides the binaries, from the grex just built (cmake -P):
# the manual pages in English and German (grex __man, from the same command definitions as
# --help), the bash, zsh and fish completions (grex completion), and the Debian changelog, all
# compressed as Debian wants them (gzip -9n: no name, no timestamp).
#
#   -DGREX=<grex executable> -DOUT=<dir> -DDATE=<YYYY-MM-DD> -DCHANGELOG=<changelog file>

foreach(var GREX OUT DATE CHANGELOG)
    if(NOT DEFINED ${var})
        message(FATAL_ERROR "gendocs.cmake needs -D${var}=...")
    endif()
endforeach()

file(REMOVE_RECURSE "${OUT}/man" "${OUT}/completions" "${OUT}/doc")

function(run)
    execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc ERROR_VARIABLE err)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "${ARGN} failed (${rc}): ${err}")
    endif()
endfunction()

# grex reads no workspace for these; an empty directory keeps it from looking at the caller's.
file(MAKE_DIRECTORY "${OUT}/empty")
run("${GREX}" __man "${OUT}/man/man1" --date "${DATE}" --lang en WORKING_DIRECTORY "${OUT}/empty")
run("${GREX}" __man "${OUT}/man/de/man1" --date "${DATE}" --lang de WORKING_DIRECTORY "${OUT}/empty")

file(MAKE_DIRECTORY "${OUT}/completions")
foreach(shell bash zsh fish)
    execute_process(COMMAND "${GREX}" completion ${shell}
        OUTPUT_FILE "${OUT}/completions/grex.${shell}" RESULT_VARIABLE rc ERROR_VARIABLE err)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "grex completion ${shell} failed (${rc}): ${err}")
    endif()
endforeach()

file(MAKE_DIRECTORY "${OUT}/doc")
file(COPY_FILE "${CHANGELOG}" "${OUT}/doc/changelog")

file(GLOB_RECURSE pages "${OUT}/man/*.1")
run(gzip -9nf ${pages} "${OUT}/doc/changelog")
file(REMOVE_RECURSE "${OUT}/empty")
