// LD_PRELOAD shim for TT-NN 0.81.1 (reference kit only; the project never builds or loads it).
//
// The mock device keeps no memory, so a prepared weight cannot be read back from it. TT-NN's
// prepare functions build the tensor on the host and then move it to the device through one of
// three exported functions of _ttnncpp.so; their calls inside _ttnncpp.so go through its PLT, so a
// preloaded definition of the same symbol runs instead. This one writes the host tensor with
// TT-NN's own dump_tensor_flatbuffer (the function behind ttnn.dump_tensor, mode LOCAL) to
// $TTNN_CAPTURE_DIR/NNNN.tensorbin, numbered in call order, and then calls TT-NN's function.
// Only the outermost of nested calls (core::to_device -> Tensor::to_device -> to_device) dumps.
#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

constexpr const char* kDumpTensor =
    "_ZN4ttnn22dump_tensor_flatbufferERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKNS_"
    "6TensorENS_14DumpTensorModeE";
constexpr int kDumpLocal = 1;  // ttnn.DumpTensorMode.LOCAL: this process's (only) shard

// Every intercepted function takes at most six integer-class arguments (the hidden result
// pointer, the tensor, the device, a memory-config reference, a queue id), so forwarding the six
// argument registers unchanged calls TT-NN's function exactly as it was called.
using Forward = void* (*)(void*, void*, void*, void*, void*, void*);
using Dump = void (*)(const std::string&, const void*, int);

thread_local int depth = 0;
int dumped = 0;

void* ttnn_library() {
    void* handle = dlopen("_ttnncpp.so", RTLD_NOLOAD | RTLD_LAZY);
    if (handle == nullptr) {
        std::fprintf(stderr, "capture_to_device: _ttnncpp.so is not loaded\n");
        std::abort();
    }
    return handle;
}

void* resolve(const char* symbol) {
    void* address = dlsym(ttnn_library(), symbol);
    if (address == nullptr) {
        std::fprintf(stderr, "capture_to_device: %s not found in _ttnncpp.so\n", symbol);
        std::abort();
    }
    return address;
}

// The host tensor is the second argument of each function (after the hidden result pointer).
void* dump_then_forward(const char* symbol, void* result, void* tensor, void* c, void* d, void* e,
                        void* f) {
    const char* folder = std::getenv("TTNN_CAPTURE_DIR");
    if (depth == 0 && folder != nullptr) {
        char path[4096];
        std::snprintf(path, sizeof path, "%s/%04d.tensorbin", folder, dumped++);
        reinterpret_cast<Dump>(resolve(kDumpTensor))(std::string(path), tensor, kDumpLocal);
    }
    ++depth;
    void* returned = reinterpret_cast<Forward>(resolve(symbol))(result, tensor, c, d, e, f);
    --depth;
    return returned;
}

}  // namespace

#define INTERCEPT(name, mangled)                                                             \
    extern "C" void* name(void* a, void* b, void* c, void* d, void* e, void* f)              \
        __asm__(#mangled);                                                                   \
    extern "C" void* name(void* a, void* b, void* c, void* d, void* e, void* f) {            \
        return dump_then_forward(#mangled, a, b, c, d, e, f);                                \
    }

// ttnn::operations::core::to_device(Tensor const&, MeshDevice*, optional<MemoryConfig> const&,
//                                   optional<QueueId>)
INTERCEPT(core_to_device,
          _ZN4ttnn10operations4core9to_deviceERKNS_6TensorEPN2tt8tt_metal11distributed10MeshDeviceERKSt8optionalINS6_12MemoryConfigEESA_IN4ttsl10StrongTypeIhNS_10QueueIdTagEEEE)
// ttnn::Tensor::to_device(MeshDevice*, optional_reference<MemoryConfig const>, optional<QueueId>) const
INTERCEPT(tensor_to_device,
          _ZNK4ttnn6Tensor9to_deviceEPN2tt8tt_metal11distributed10MeshDeviceEN4ttsl18optional_referenceIKNS2_12MemoryConfigEEESt8optionalINS6_10StrongTypeIhNS_10QueueIdTagEEEE)
// tt::tt_metal::to_device(Tensor const&, MeshDevice*, optional_reference<MemoryConfig const>,
//                         optional<QueueId>)
INTERCEPT(metal_to_device,
          _ZN2tt8tt_metal9to_deviceERKN4ttnn6TensorEPNS0_11distributed10MeshDeviceEN4ttsl18optional_referenceIKNS0_12MemoryConfigEEESt8optionalINS8_10StrongTypeIhNS1_10QueueIdTagEEEE)
