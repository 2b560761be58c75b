# tabula_set_warnings(<target>): the project's warning set (STYLE.md §8).
function(tabula_set_warnings target)
    target_compile_options(${target} PRIVATE
        -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion
        -Wnon-virtual-dtor -Wold-style-cast -Woverloaded-virtual -Wimplicit-fallthrough)
    if(TABULA_WERROR)
        target_compile_options(${target} PRIVATE -Werror)
    endif()
endfunction()
