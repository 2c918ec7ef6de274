// Registers the batch objects (batch_bindings.cpp) on the extension module, after the
// game submodules exist.
#pragma once

#include <nanobind/nanobind.h>

namespace spieltisch::native {

void bind_batches(nanobind::module_& m);

}  // namespace spieltisch::native
