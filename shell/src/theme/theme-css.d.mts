export declare function themeCss(): string;
