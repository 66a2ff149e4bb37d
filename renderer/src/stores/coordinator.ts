import { create } from 'zustand';
import type { CoordinatorCapabilities } from '../../../shared/coordinator-api';
import { api } from '../api/current';

interface CoordinatorState {
  /** How this front end moves files (dialogs or uploads); null until asked. */
  capabilities: CoordinatorCapabilities | null;
  loadCapabilities(): Promise<CoordinatorCapabilities>;
}

export const useCoordinator = create<CoordinatorState>((set, get) => ({
  capabilities: null,
  async loadCapabilities() {
    const known = get().capabilities;
    if (known) return known;
    const capabilities = await api().getCoordinatorCapabilities();
    set({ capabilities });
    return capabilities;
  },
}));
