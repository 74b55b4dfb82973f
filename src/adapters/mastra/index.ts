export {
  type ContextProcessorOptions,
  contextProcessor,
  contextProcessorId,
  instructionsTag,
  type MastraCall,
} from './context-processor.js';
