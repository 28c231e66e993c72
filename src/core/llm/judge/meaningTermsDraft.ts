export const MEANING_LINES = `
validate: validat | verif | check | 校验 | 检查 | 验证
execute: execut | run | runs | running | invok | 执行 | 运行
result: result | output | 结果 | 返回值 | 输出
send-back: send back | sends back | sends the output back | feed back | feeds back | return | 回填 | 返回给
`;
