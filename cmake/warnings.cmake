# tabula_set_warnings(<target>): the project's warning set (STYLE.md §8).
function(tabula_set_warnings target)
    target_compile_options(${target} PRIVATE
        -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion
        -Wnon-virtual-dtor -Wold-style-cast -Woverloaded-virtual -Wimplicit-fallthrough)
    # GCC's sanitizer instrumentation makes -Wmaybe-uninitialized fire falsely inside Boost.Beast's
    # own headers (http/impl/basic_parser.hpp, on a boost::optional); Release keeps the warning.
    if(TABULA_SANITIZE AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
        target_compile_options(${target} PRIVATE -Wno-maybe-uninitialized)
    endif()
    if(TABULA_WERROR)
        target_compile_options(${target} PRIVATE -Werror)
    endif()
endfunction()
