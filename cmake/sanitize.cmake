# TABULA_SANITIZE=ON builds everything with AddressSanitizer and UndefinedBehaviorSanitizer,
# and keeps asserts on whatever the build type.
if(TABULA_SANITIZE)
    add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
    add_link_options(-fsanitize=address,undefined)
    add_compile_options(-UNDEBUG)
endif()
