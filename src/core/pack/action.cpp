#include "core/pack/action.h"

namespace Grex {

ActionArgs::Base::~Base() = default;

} // namespace Grex
