export type AgentCli = 'claude-code' | 'codex';
export declare const AGENT_CLIS: Record<AgentCli, { packages: string[]; binary: string }>;
export declare function agentCliCacheDir(): string;
/** Path of the agent's binary, installing the pinned version first when it is missing. */
export declare function agentCliPath(agent: AgentCli): string;
