// agent-context/testing: helpers for testing agents and capabilities built on agent-context.
// `memoryWorkspace` (files in memory) is in the main entry: it also serves sandboxes.

// A workspace that records every call made through it.

export {
  type RecordedCall,
  type RecordingWorkspace,
  recordingWorkspace,
} from './workspace/recording-workspace.js';
