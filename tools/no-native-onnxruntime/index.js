throw new Error(
  'Murmur runs ONNX models in the browser with onnxruntime-web; onnxruntime-node is not installed.',
);
