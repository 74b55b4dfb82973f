import { majors, modes } from './ai-sdk-majors.js';
import { describeSubAgentTools } from './sub-agent-tools.shared.js';

// ai 7: the adapter's own `ai` import. The ai 6 run is ai-sdk-sub-agents-ai6.test.ts.
describeSubAgentTools(majors[0]!, modes);
